/// A JSON value with a deterministic encoding: compact, object keys sorted, every control character escaped.
///
/// Used for the `state` line, which tools and tests parse, so the same state always prints the same bytes.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Int)
    /// A finite fraction, such as a gesture's progress; written as Swift's shortest exact form (`0.3`).
    case fraction(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as one line of JSON.
    var encoded: String {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        append(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value's UTF-8 bytes to `output`: the `state` line is written after every `state` command, and
    /// appending to a `String` piece by piece cost several times the whole report.
    private func append(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .number(let value): output += String(value).utf8
        case .fraction(let value): output += (value.isFinite ? String(value) : "null").utf8
        case .string(let value): Self.appendString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.append(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.appendString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]?.append(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func appendString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Printable ASCII without a quote or a backslash, as most ids and names are, goes as it is.
        let isPlain = value.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        if isPlain {
            output += value.utf8
        } else {
            for scalar in value.unicodeScalars { appendScalar(scalar, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendScalar(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        switch scalar {
        case "\"": output += #"\""#.utf8
        case "\\": output += #"\\"#.utf8
        case "\n": output += #"\n"#.utf8
        case "\r": output += #"\r"#.utf8
        case "\t": output += #"\t"#.utf8
        case _ where TerminalText.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
            let digits = String(scalar.value, radix: 16)
            output += ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8
        default: output += String(scalar).utf8
        }
    }
}
