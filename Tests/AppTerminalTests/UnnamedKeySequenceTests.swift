import Testing

@testable import AppTerminal

@Suite("The sequence of a key the terminfo entry lacks, told from Escape and keys typed ahead")
struct UnnamedKeySequenceTests {
    private static func bytes(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test(
        "A control sequence or SS3 with a parameter and a final byte is whole",
        arguments: ["[2;9~", "[99z", "[?1;2$y", "[1;9A", "O5P", "O2R"])
    func whole(_ text: String) {
        #expect(UnnamedKeySequence.classify(Self.bytes(text)) == .whole)
    }

    @Test("Its start is incomplete", arguments: ["[", "[2", "[2;", "[?1;2$", "O", "O5"])
    func incomplete(_ text: String) {
        #expect(UnnamedKeySequence.classify(Self.bytes(text)) == .incomplete)
    }

    @Test(
        "Without a parameter, or with a byte no sequence holds, it is Escape and keys",
        arguments: ["[j", "Oz", "[[A", "j", "[2~x", "[2\u{1B}", "O2$R", "[$2~", "[2é"])
    func notOne(_ text: String) {
        #expect(UnnamedKeySequence.classify(Self.bytes(text)) == .notOne)
    }

    @Test("A run longer than a sequence is typing")
    func tooLong() {
        let digits = Self.bytes("[" + String(repeating: "1", count: UnnamedKeySequence.maximumLength))
        #expect(UnnamedKeySequence.classify(digits) == .notOne)
    }
}
