/// Makes text safe to write to a terminal, and adds colour when allowed.
///
/// Whatever a person typed, or a data file holds, can contain control characters and escape sequences; written
/// raw they would move the cursor, recolour or retitle the terminal. Every such character is shown escaped
/// instead, as `\u{1B}`.
enum TerminalText {
    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` with every control character replaced by its escaped form, such as `\u{1B}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `text` escaped and cut to `limit` characters, with `…` when cut: for echoing input in messages.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        let escaped = escaped(text)
        return escaped.count > limit ? String(escaped.prefix(limit)) + "…" : escaped
    }
}

/// How text is styled: ANSI colours on a terminal, plain everywhere else.
struct TextStyle: Sendable {
    /// Whether to emit ANSI colour sequences.
    let usesColour: Bool

    /// Plain text, no colour.
    static let plain = TextStyle(usesColour: false)

    /// Bold, for titles.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dim, for ids and hints.
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// Red, for errors.
    func error(_ text: String) -> String { wrap(text, "31") }
    /// Cyan, for numbers of actions.
    func accent(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        usesColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
