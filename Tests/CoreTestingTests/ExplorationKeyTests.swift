import Core
import Testing

@testable import CoreTesting

/// The explorer writes a state's keys in one walk after every input: the text is the screen lines' (the
/// definition of each key), in a compact window and a regular one, with fields holding text.
@Suite("A state's keys written in one walk are the keys read from the screen lines")
@MainActor
struct ExplorationKeyTests {
    @Test(
        "The content key, the navigation key and the exact key, each written in one walk, equal each read from the lines",
        arguments: [false, true])
    func keysReadTogether(regular: Bool) throws {
        let subject = try SplitListParent.subject(regular: regular)
        for field in subject.window.contentOnTop.flatMap(\.fields) {
            try subject.window.setText("typed", forField: field.id)
        }
        let key = Explorer.keyText(of: subject)
        #expect(key == Explorer.key(of: subject))
        #expect(Explorer.currentNavigationKey(of: subject) == Explorer.navigationKey(of: subject))
        #expect(Explorer.exactKey(of: subject) == Explorer.exactKeyFromLines(of: subject))
        #expect(key.contains("width: regular") == regular)
        // The digests compared after every input stand for the text: the same subject gives the same ones, and the
        // key's differs from the navigation's as their text does.
        let digests = Explorer.digests(of: subject)
        #expect(digests.key == Explorer.digests(of: subject).key)
        #expect(digests.navigationKey == Explorer.navigationDigest(of: subject))
        #expect(digests.key != digests.navigationKey)
        subject.root.stop()
    }

    @Test("Two states whose text differs have different digests; the same tree in another order has the same")
    func digestsTellStatesApart() throws {
        let regular = try SplitListParent.subject(regular: true)
        let compact = try SplitListParent.subject(regular: false)
        #expect(Explorer.digests(of: regular).key != Explorer.digests(of: compact).key)
        #expect(Explorer.digests(of: regular).navigationKey != Explorer.digests(of: compact).navigationKey)
        regular.root.stop()
        compact.root.stop()
        let first = Coordinator()
        let second = Coordinator()
        for (parent, order) in [(first, ["A", "B"]), (second, ["B", "A"])] {
            for name in order { try parent.addChild(NamedCoordinator(name)) }
        }
        #expect(ExplorationKeyDigest.tree(of: first) == ExplorationKeyDigest.tree(of: second))
        #expect(Explorer.treeKey(of: first) == Explorer.treeKey(of: second))
        try second.addChild(NamedCoordinator("C"))
        #expect(ExplorationKeyDigest.tree(of: first) != ExplorationKeyDigest.tree(of: second))
    }

    @Test("The same text has the same digest however it was written, piece by piece or at once; other text another")
    func digestOfPieces() {
        let text = "  navigation (on top)\n    login \"Log in\"\n      field email \"Email\": \"ada@example.com\" ✓"
        let whole = ExplorationKeyDigest()
        whole.write(text)
        for size in 1...11 {
            let pieces = ExplorationKeyDigest()
            var rest = Substring(text)
            while !rest.isEmpty {
                pieces.write(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            #expect(pieces.value == whole.value, "pieces of \(size) characters")
        }
        let other = ExplorationKeyDigest()
        other.write(text + " ")
        #expect(other.value != whole.value)
        let shorter = ExplorationKeyDigest()
        shorter.write(String(text.dropLast()))
        #expect(shorter.value != whole.value)
    }
}

/// A state's key holds the fields its screens show, so a state shows the same fields wherever it is reached: the
/// explorer remembers the states that show none on top and types nothing there before an action.
@Suite("Typing before an action")
@MainActor
struct ExplorationTypingTests {
    @Test(
        "An action types the sample text first, unless its state was found, by a subject found there, to show no field"
    )
    func typingSkipsStatesWithoutFields() throws {
        let explorer = Explorer(
            depth: 2, stateBudget: 10, deepLinks: [], sampleText: { _, _ in "ada" }, start: { TrapParent.subject() })
        var script: [String] = []
        _ = explorer.apply(.action("open"), to: TrapParent.subject(), at: 0, isAtState: true, script: &script)
        #expect(script == ["set query ada", "open"])
        #expect(explorer.statesWithoutFields.isEmpty, "the list shows a field")
        // A subject only expected at a state teaches nothing; one found there does.
        script = []
        _ = explorer.apply(.action("open"), to: TwoStepsBack.subject(), at: 1, script: &script)
        #expect(script == ["open"] && explorer.statesWithoutFields.isEmpty)
        _ = explorer.apply(.action("open"), to: TwoStepsBack.subject(), at: 1, isAtState: true, script: &script)
        #expect(explorer.statesWithoutFields == [1])
        // A state remembered without fields types nothing, whatever the subject shows.
        explorer.statesWithoutFields.insert(0)
        script = []
        _ = explorer.apply(.action("open"), to: TrapParent.subject(), at: 0, script: &script)
        #expect(script == ["open"])
    }
}
