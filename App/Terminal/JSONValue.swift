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
        var output = ""
        append(to: &output)
        return output
    }

    private func append(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += String(value)
        case .fraction(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.appendString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.append(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.appendString(key, to: &output)
                output += ":"
                members[key]?.append(to: &output)
            }
            output += "}"
        }
    }

    private static func appendString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where TerminalText.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
