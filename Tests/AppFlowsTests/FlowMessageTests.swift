import AppFlows
import AppInterface
import AppTesting
import Testing

/// What the app's flows can print is for people: their errors read as sentences, never as Swift's debug text
/// (the data's and Core's errors, and the scan of every error type, are in the data's `MessageTests`).
@Suite("The flows' errors read as sentences, without Swift debug text")
struct FlowMessageTests {
    @Test("Every error value of the flows reads as a sentence, as interpolated where it is told")
    func everyErrorValueReads() {
        let errors: [any Error] = [
            UserFacingError(description: "u"), AppFailure.flowNotShown("the feed", reason: "r"),
            AppFailure.logOutNotSaved(reason: "r"), AppFailure.linkFailedAfterLogIn(UserFacingError(description: "u")),
            DeepLinkError.tooLong(maximumLength: 2048),
            DeepLinkError.malformed(link: "app://feed/post/+2", problem: .invalidPostID),
            DeepLinkError.unknown(link: "app://nowhere"),
        ]
        for error in errors {
            let told = "\(error)"
            #expect(!MessageScan.containsDebugText(told), "\(told)")
            #expect(!told.isEmpty)
        }
    }
}
