import Core
import Testing

@testable import CoreTesting

/// The explorer reads a state's two keys together after every input, and one alone where it must: both ways give
/// the same text, in a compact window and a regular one.
@Suite("A state's keys read together are the keys read one by one")
@MainActor
struct ExplorationKeyTests {
    @Test("The content key and the navigation key, read at once, equal each read alone", arguments: [false, true])
    func keysReadTogether(regular: Bool) throws {
        let subject = try SplitListParent.subject(regular: regular)
        let both = Explorer.keys(of: subject)
        #expect(both.key == Explorer.key(of: subject))
        #expect(both.navigationKey == Explorer.navigationKey(of: subject))
        #expect(both.key.contains("width: regular") == regular)
        subject.root.stop()
    }
}
