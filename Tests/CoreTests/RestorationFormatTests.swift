import Core
import Testing

@Suite("A restoration record's kind and version, as one value")
struct RestorationFormatTests {
    @Test("A record stamped by a format passes its check; another kind or version is refused, typed")
    func stampsAndChecks() throws {
        let format = RestorationFormat(kind: "feed", version: 2)
        let record = format.record(values: ["segment": "popular"])
        #expect(record.kind == "feed" && record.version == 2 && record.values == ["segment": "popular"])
        try format.check(record)
        #expect(throws: RestorationError.wrongKind(expected: "feed", found: "login")) {
            try format.check(RestorationState(kind: "login", version: 2))
        }
        #expect(throws: RestorationError.unsupportedVersion(kind: "feed", version: 1)) {
            try format.check(RestorationState(kind: "feed", version: 1))
        }
        #expect(throws: RestorationError.unsupportedVersion(kind: "feed", version: 3)) {
            try format.check(RestorationState(kind: "feed", version: 3))
        }
    }

    @Test("A format reads older versions only from the oldest it names, and never one above its own")
    func oldestReadable() throws {
        let format = RestorationFormat(kind: "feed", version: 3, oldestReadableVersion: 2)
        try format.check(RestorationState(kind: "feed", version: 2))
        #expect(throws: RestorationError.self) { try format.check(RestorationState(kind: "feed", version: 1)) }
        let inverted = RestorationFormat(kind: "feed", version: 1, oldestReadableVersion: 5)
        #expect(inverted.oldestReadableVersion == 1)
    }

    @Test("The child record of a format is found among a record's children")
    func child() {
        let compose = RestorationFormat(kind: "feed.compose", version: 1)
        let parent = RestorationState(
            kind: "feed", version: 1, children: [RestorationState(kind: "other", version: 1), compose.record()])
        var result = RestorationResult.restored
        #expect(compose.child(of: parent, into: &result) == compose.record())
        #expect(compose.child(of: RestorationState(kind: "feed", version: 1), into: &result) == nil)
        #expect(result.isComplete)
    }

    @Test("A record keeps one child of a format: the first is read, and each further one is said to be dropped")
    func duplicateChildrenAreDroppedAndSaid() {
        let compose = RestorationFormat(kind: "feed.compose", version: 1)
        let first = compose.record(values: ["text": "first"])
        let twice = RestorationState(kind: "feed", version: 1, children: [first, compose.record()])
        var result = RestorationResult.restored
        #expect(compose.child(of: twice, into: &result) == first)
        #expect(result.problems == [.noLongerApplies("a second 'feed.compose' record was dropped")])
        let thrice = RestorationState(kind: "feed", version: 1, children: [first, compose.record(), compose.record()])
        result = .restored
        #expect(compose.child(of: thrice, into: &result) == first)
        #expect(result.problems == [.noLongerApplies("2 more 'feed.compose' records were dropped")])
    }
}
