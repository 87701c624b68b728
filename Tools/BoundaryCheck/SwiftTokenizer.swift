/// Splits Swift source into the tokens a declaration is made of, the way the compiler's lexer does, so that text
/// in comments and literals is never mistaken for code and code is never mistaken for text.
///
/// It skips comments (`//` and nested `/* */`), string literals (single-line, multi-line `"""`, raw `#"…"#` with
/// any number of `#`, and the code of their interpolations), regular expression literals (`#/…/#` and, in the
/// positions where the compiler reads one, `/…/`) and number literals. What remains are identifiers (keywords
/// included, and `` `escaped` `` names marked as such) and punctuation, one character each. It never fails:
/// source the compiler would reject still splits into tokens.
struct SwiftTokenizer {
    /// One token and the line it starts on.
    struct Token: Equatable {
        enum Kind: Equatable {
            /// An identifier or keyword; `isEscaped` when written in backticks (then it is never a keyword).
            case identifier(String, isEscaped: Bool)
            /// One punctuation or operator character, such as `@`, `.`, `(`, `;`.
            case punctuation(UInt8)
            /// A string, number or regular expression literal.
            case literal
        }

        let kind: Kind
        /// The 1-based line of its first character.
        let line: Int

        /// The identifier's name, if it is one.
        var identifier: String? {
            if case .identifier(let name, _) = kind { name } else { nil }
        }

        /// Whether this is the keyword `keyword` (an identifier that is not escaped).
        func isKeyword(_ keyword: String) -> Bool {
            kind == .identifier(keyword, isEscaped: false)
        }

        /// Whether this is the punctuation `character`.
        func isPunctuation(_ character: Character) -> Bool {
            guard let ascii = character.asciiValue else { return false }
            return kind == .punctuation(ascii)
        }
    }

    /// Every token of `source`, in order.
    static func tokens(of source: String) -> [Token] {
        var tokenizer = SwiftTokenizer(bytes: Array(source.utf8))
        var tokens: [Token] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    /// The next token, or `nil` at the end of the source.
    private mutating func next() -> Token? {
        while let current = byte(at: 0) {
            let startLine = line
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                advance()
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
                while let byte = byte(at: 0), byte != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "/") where startsBareRegex():
                skipBareRegex()
                return Token(kind: .literal, line: startLine)
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
                return Token(kind: .literal, line: startLine)
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(at: hashes) == UInt8(ascii: "\"") {
                    advance(hashes)
                    skipString(hashes: hashes)
                    return Token(kind: .literal, line: startLine)
                }
                if byte(at: hashes) == UInt8(ascii: "/") {
                    advance(hashes + 1)
                    skipExtendedRegex(hashes: hashes)
                    return Token(kind: .literal, line: startLine)
                }
                advance()
                if let next = byte(at: 0), Self.isIdentifierStart(next) {
                    return Token(kind: .identifier("#" + readIdentifier(), isEscaped: false), line: startLine)
                }
                return Token(kind: .punctuation(current), line: startLine)
            case UInt8(ascii: "`"):
                advance()
                let start = index
                while let byte = byte(at: 0), byte != UInt8(ascii: "`"), byte != UInt8(ascii: "\n") { advance() }
                let name = String(decoding: bytes[start..<index], as: UTF8.self)
                if byte(at: 0) == UInt8(ascii: "`") { advance() }
                return Token(kind: .identifier(name, isEscaped: true), line: startLine)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                while let byte = byte(at: 0),
                    Self.isIdentifierCharacter(byte)
                        || (byte == UInt8(ascii: ".") && (self.byte(at: 1).map(Self.isDigit) ?? false))
                {
                    advance()
                }
                return Token(kind: .literal, line: startLine)
            case let byte where Self.isIdentifierStart(byte):
                return Token(kind: .identifier(readIdentifier(), isEscaped: false), line: startLine)
            default:
                advance()
                return Token(kind: .punctuation(current), line: startLine)
            }
        }
        return nil
    }

    private mutating func readIdentifier() -> String {
        let start = index
        while let byte = byte(at: 0), Self.isIdentifierCharacter(byte) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips `/* … */`, which nests.
    private mutating func skipBlockComment() {
        var depth = 0
        while let current = byte(at: 0) {
            if current == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
                depth += 1
                advance(2)
            } else if current == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
                depth -= 1
                advance(2)
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// Skips a string literal whose opening `#`s are consumed and which starts at its first `"`: `"…"` or
    /// `"""…"""`, closed by the same number of `#`. Escapes are `\` followed by those `#`s; an interpolation
    /// `\(…)` holds code, which may hold strings of its own.
    private mutating func skipString(hashes: Int) {
        let quote = UInt8(ascii: "\"")
        let isMultiline = byte(at: 1) == quote && byte(at: 2) == quote
        advance(isMultiline ? 3 : 1)
        while let current = byte(at: 0) {
            if current == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ byte(at: 1 + $0) == UInt8(ascii: "#") }) {
                advance(1 + hashes)
                if byte(at: 0) == UInt8(ascii: "(") {
                    advance()
                    skipInterpolation()
                } else {
                    advance()
                }
            } else if current == quote, !isMultiline || (byte(at: 1) == quote && byte(at: 2) == quote),
                (0..<hashes).allSatisfy({ byte(at: (isMultiline ? 3 : 1) + $0) == UInt8(ascii: "#") })
            {
                advance((isMultiline ? 3 : 1) + hashes)
                return
            } else if current == UInt8(ascii: "\n"), !isMultiline {
                return  // Unterminated: the compiler rejects it; the next line is code again.
            } else {
                advance()
            }
        }
    }

    /// Skips the code of an interpolation up to its closing `)`.
    private mutating func skipInterpolation() {
        var depth = 0
        while let token = next() {
            if token.isPunctuation("(") {
                depth += 1
            } else if token.isPunctuation(")") {
                if depth == 0 { return }
                depth -= 1
            }
        }
    }

    /// Skips an extended regular expression literal after its opening `#…#/`, up to `/#…#`.
    private mutating func skipExtendedRegex(hashes: Int) {
        while let current = byte(at: 0) {
            if current == UInt8(ascii: "\\") {
                advance(2)
            } else if current == UInt8(ascii: "/"),
                (0..<hashes).allSatisfy({ byte(at: 1 + $0) == UInt8(ascii: "#") })
            {
                advance(1 + hashes)
                return
            } else {
                advance()
            }
        }
    }

    /// Whether the `/` at the current position opens a bare regular expression literal, as the Swift 6
    /// compiler decides: where a prefix operator could start (nothing but whitespace or an opening bracket,
    /// `,`, `;` or `:` right before it), not followed by whitespace, closed by a `/` on the same line, and with
    /// no unbalanced `)` inside.
    private func startsBareRegex() -> Bool {
        if index > 0 {
            let previous = bytes[index - 1]
            let opening: Set<UInt8> = Set("([{,;: \t\n\r".utf8)
            guard opening.contains(previous) else { return false }
        }
        guard let first = byte(at: 1), ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(first)
        else { return false }
        var offset = 1
        var depth = 0
        while let current = byte(at: offset), current != UInt8(ascii: "\n") {
            switch current {
            case UInt8(ascii: "\\"): offset += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth < 0 { return false }
            case UInt8(ascii: "/"): return true
            default: break
            }
            offset += 1
        }
        return false
    }

    /// Skips a bare regular expression literal `/…/`, which `startsBareRegex()` found closed on its line.
    private mutating func skipBareRegex() {
        advance()
        while let current = byte(at: 0), current != UInt8(ascii: "\n") {
            if current == UInt8(ascii: "\\") {
                advance(2)
            } else {
                advance()
                if current == UInt8(ascii: "/") { return }
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}
