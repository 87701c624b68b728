import Foundation
import Testing

@testable import AppTerminal

/// The `state` line's JSON: compact, keys sorted, every character a terminal or a JSON reader could stumble on
/// escaped, the rest as it is; it reads back as the value written.
@Suite("The state line's JSON")
struct JSONValueTests {
    @Test("Values are compact, with object keys sorted")
    func compactAndSorted() {
        let value = JSONValue.object([
            "zeta": .array([.number(-3), .fraction(0.25), .bool(true), .bool(false), .null]),
            "Alpha": .string("plain text/with a slash"),
            "alpha": .object([:]),
            "nan": .fraction(.nan),
        ])
        #expect(
            value.encoded
                == #"{"Alpha":"plain text/with a slash","alpha":{},"nan":null,"zeta":[-3,0.25,true,false,null]}"#)
    }

    @Test("Quotes, backslashes and control characters are escaped; other characters are written as they are")
    func escapes() throws {
        let text = "say \"hi\" \\ back\nline\ttab\r\u{01}\u{1B}[31m\u{7F}\u{85} é 😀 \u{2028}\u{2029}"
        let encoded = JSONValue.string(text).encoded
        #expect(
            encoded
                == #""say \"hi\" \\ back\nline\ttab\r\u0001\u001b[31m\u007f\u0085 é 😀 \u2028\u2029""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == text)
    }
}
