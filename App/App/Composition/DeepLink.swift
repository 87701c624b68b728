/// A place in the app that a link such as `app://feed/post/42` opens.
///
/// The parser is small and strict: scheme `app://` exactly, no query or fragment, at most one trailing slash,
/// valid percent-encoding that decodes to UTF-8, and a bounded length, so enormous or broken input is refused
/// quickly with a message instead of crashing.
enum DeepLink: Equatable, Sendable {
    /// `app://login`: the login screen.
    case login
    /// `app://signup`: sign-up, presented full screen.
    case signUp
    /// `app://feed`: the feed on its Latest segment.
    case feed
    /// `app://feed/popular`: the feed on its Popular segment.
    case popular
    /// `app://feed/post/<id>`: one post's detail.
    case post(id: String)
    /// `app://feed/compose`: the compose sheet.
    case compose

    /// Why a link was refused.
    struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, for the person who typed it.
        let description: String
    }

    /// The longest link accepted, in bytes.
    static let maximumLength = 2048

    /// Whether the place is only for a logged-in person.
    var requiresLogin: Bool {
        switch self {
        case .login, .signUp: false
        case .feed, .popular, .post, .compose: true
        }
    }

    /// Parses `text` as a link.
    static func parse(_ text: String) throws(ParseError) -> DeepLink {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else {
            throw ParseError(description: "malformed link: longer than \(maximumLength) bytes")
        }
        let scheme = Array("app://".utf8)
        guard bytes.starts(with: scheme) else {
            throw ParseError(description: "malformed link '\(TerminalText.quoted(text))': links start with app://")
        }
        var path = bytes[scheme.count...]
        if path.contains(UInt8(ascii: "?")) || path.contains(UInt8(ascii: "#")) {
            throw ParseError(description: "malformed link '\(TerminalText.quoted(text))': no query or fragment allowed")
        }
        if path.last == UInt8(ascii: "/") { path = path.dropLast() }
        let rawSegments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard rawSegments.count <= 3 else {
            throw ParseError(description: "unknown link '\(TerminalText.quoted(text))'")
        }
        var segments: [String] = []
        for rawSegment in rawSegments {
            guard !rawSegment.isEmpty else {
                throw ParseError(description: "malformed link '\(TerminalText.quoted(text))': empty path segment")
            }
            guard let decoded = percentDecoded(rawSegment) else {
                throw ParseError(
                    description: "malformed link '\(TerminalText.quoted(text))': broken percent-encoding")
            }
            guard let segment = String(validating: decoded, as: UTF8.self) else {
                throw ParseError(
                    description: "malformed link '\(TerminalText.quoted(text))': not UTF-8 after percent-decoding")
            }
            segments.append(segment)
        }
        switch segments {
        case ["login"]: return .login
        case ["signup"]: return .signUp
        case ["feed"]: return .feed
        case ["feed", "popular"]: return .popular
        case ["feed", "compose"]: return .compose
        case let segments where segments.count == 3 && segments[0] == "feed" && segments[1] == "post":
            let id = segments[2]
            guard isValidPostID(id) else {
                throw ParseError(description: "malformed link '\(TerminalText.quoted(text))': invalid post id")
            }
            return .post(id: id)
        default:
            throw ParseError(description: "unknown link '\(TerminalText.quoted(text))'")
        }
    }

    private static func isValidPostID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// The bytes of `segment` with every `%XX` decoded, or `nil` if a `%` is not followed by two hex digits.
    private static func percentDecoded(_ segment: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(segment.count)
        var index = segment.startIndex
        while index < segment.endIndex {
            let byte = segment[index]
            if byte == UInt8(ascii: "%") {
                guard segment.endIndex - index >= 3, let high = hexValue(segment[index + 1]),
                    let low = hexValue(segment[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
