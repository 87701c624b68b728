import CNcurses
import Glibc
import InputRules

/// Makes text safe to write to a terminal, measures it in terminal cells, and adds colour when allowed.
///
/// Whatever a person typed, or a data file holds, can contain control characters and escape sequences; written
/// raw they would move the cursor, recolour or retitle the terminal. Format characters (a right-to-left override,
/// a zero-width space, a byte order mark) and line or paragraph separators would reorder or hide what is drawn.
/// Every such character is shown escaped instead, as `\u{1B}` or `\u{202E}`.
package enum TerminalText {
    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `scalar` must never reach a terminal raw: a control character, an invisible format character as
    /// the input rules define it (bidi controls, the zero-width space, the byte order mark; not the joiners U+200C
    /// and U+200D, which emoji sequences and several scripts need), or a line or paragraph separator.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if isControl(scalar) { return true }
        guard scalar.value >= 0xA0 else { return false }
        switch scalar.properties.generalCategory {
        case .lineSeparator, .paragraphSeparator, .surrogate: return true
        default: return InputText.isInvisible(scalar)
        }
    }

    /// The escaped form of one scalar, such as `\u{202E}`.
    static func escapedForm(of scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// How many terminal cells `scalar` takes when drawn: 0 for a combining mark, 2 for a wide character (CJK, most
    /// emoji), 1 otherwise, and -1 for a scalar that is not printable (drawn escaped).
    ///
    /// Measured by the C library's `wcwidth` under a UTF-8 locale, the table ncursesw itself uses to place
    /// characters, so the layout and the terminal agree whatever locale the process runs in.
    static func cellWidth(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : -1 }
        if isUnsafe(scalar) { return -1 }
        guard let locale = utf8Locale else { return fallbackWidth(of: scalar) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return Int(cncurses_wcwidth(scalar.value))
    }

    /// The width of `text` in terminal cells, as drawn (escaped scalars count their escaped form).
    package static func cellWidth(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let width = cellWidth(of: scalar)
            return total + (width < 0 ? escapedForm(of: scalar).count : width)
        }
    }

    /// A width for systems without a UTF-8 locale: marks take none, the common wide blocks and emoji two.
    private static func fallbackWidth(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .unassigned, .privateUse: return -1
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// `text` with every unsafe character (see ``isUnsafe(_:)``) replaced by its escaped form, such as `\u{1B}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                output += escapedForm(of: scalar)
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

/// The C library's UTF-8 character-type locale, for measuring widths with `wcwidth` whatever the process's locale;
/// created once and never freed, read-only after.
nonisolated(unsafe) private let utf8Locale: locale_t? =
    newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil)
