import Core
import Testing

@testable import CoreTesting

/// The explorer writes a state's keys in one walk after every input: the text is the screen lines' (the
/// definition of each key), in a compact window and a regular one, with fields holding text.
@Suite("A state's keys written in one walk are the keys read from the screen lines")
@MainActor
struct ExplorationKeyTests {
    @Test(
        "The content key, the navigation key and the exact key, written at once, equal each read from the lines",
        arguments: [false, true])
    func keysReadTogether(regular: Bool) throws {
        let subject = try SplitListParent.subject(regular: regular)
        for field in subject.window.contentOnTop.flatMap(\.fields) {
            try subject.window.setText("typed", forField: field.id)
        }
        let both = Explorer.keys(of: subject)
        #expect(both.key == Explorer.key(of: subject))
        #expect(both.navigationKey == Explorer.navigationKey(of: subject))
        #expect(Explorer.currentNavigationKey(of: subject) == Explorer.navigationKey(of: subject))
        #expect(Explorer.exactKey(of: subject) == Explorer.exactKeyFromLines(of: subject))
        #expect(both.key.contains("width: regular") == regular)
        // The digests compared after every input are those of the text, written piece by piece.
        let digests = Explorer.digests(of: subject)
        let keyDigest = ExplorationKeyDigest()
        keyDigest.write(both.key)
        let navigationDigest = ExplorationKeyDigest()
        navigationDigest.write(both.navigationKey)
        #expect(digests.key == keyDigest.value)
        #expect(digests.navigationKey == navigationDigest.value)
        #expect(Explorer.navigationDigest(of: subject) == navigationDigest.value)
        #expect(digests.key != digests.navigationKey)
        subject.root.stop()
    }
}
