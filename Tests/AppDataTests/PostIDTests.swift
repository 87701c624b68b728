import Testing

@testable import AppData

/// Post ids are read by one parser, for links, the saved place and the store alike: the decimal number the
/// database gave the post, written as the app writes it.
@Suite("Post ids: one reader for links, the saved place and the store")
struct PostIDTests {
    @Test("An id the app writes names its post", arguments: ["1", "2", "907", "9223372036854775807"])
    func writtenIDs(id: String) async {
        #expect(PostID.number(id).map(String.init) == id)
    }

    @Test(
        "A sign, a leading zero, a fraction, a space, zero, or more than 64 bits names no post",
        arguments: ["+2", "0002", "02", "2.0", " 2", "2 ", "0", "-2", "", "9223372036854775808", "a-b_C"])
    func refusedIDs(id: String) async {
        #expect(PostID.number(id) == nil)
    }
}
