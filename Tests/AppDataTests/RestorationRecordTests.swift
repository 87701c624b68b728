import Core
import Foundation
import Testing

@testable import AppData

/// The record of where the person is, as the app writes it: the text `JSONEncoder` writes with sorted keys and
/// slashes as they are, written without the encoder, read back as the same state.
@Suite("The restoration record is the JSON the encoder writes, and reads back as the state saved")
@MainActor
struct RestorationRecordTests {
    /// What `JSONEncoder` writes for `state` with the options the record promises.
    static func encoderText(_ state: RestorationState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }

    nonisolated static let states = [
        RestorationState(kind: "app", version: 1),
        RestorationState(
            kind: "app", version: 3, values: ["tab": "feed", "link": "app://feed/post/2", "segment": "popular"],
            children: [
                RestorationState(kind: "main", version: 1, values: ["selected": "feed"]),
                RestorationState(
                    kind: "signup", version: 12, values: ["email": "a@b.c", "displayName": "Ann", "draft": ""],
                    children: [RestorationState(kind: "deep", version: 0)]),
            ]),
        RestorationState(
            kind: "compose \"quoted\" \\ back/slash", version: -4,
            values: [
                "text": "line one\nline two\ttab\r\u{08}\u{0C}\u{01}\u{1F}\u{7F} é 😀 \u{2028}",
                "zeta": "z", "Alpha": "A", "alpha": "a", "key2": "2", "key10": "10",
            ]),
    ]

    @Test("Every record is byte for byte the encoder's text", arguments: states)
    func sameTextAsTheEncoder(state: RestorationState) async throws {
        #expect(try DatabaseRestorationStore.encode(state) == (try Self.encoderText(state)))
    }

    @Test("Every record reads back as the state saved", arguments: states)
    func readsBack(state: RestorationState) async throws {
        #expect(try DatabaseRestorationStore.decode(try DatabaseRestorationStore.encode(state)) == state)
    }
}
