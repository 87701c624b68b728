import AppData
import AppInterface
package import FeedFeature
package import ProfileFeature

/// A place in the app that a link such as `app://feed/post/42` opens.
///
/// The parser is small and strict: scheme `app://` exactly, no query or fragment, at most one trailing slash,
/// valid percent-encoding that decodes to UTF-8, and a bounded length, so enormous or broken input is refused
/// quickly with a message instead of crashing.
package enum DeepLink: Equatable, Sendable {
    /// `app://login`: the login screen.
    case login
    /// `app://signup`: sign-up, presented full screen.
    case signUp
    /// `app://feed…`: a place in the feed, only for a logged-in person: selects the Feed tab. The place is Feed's
    /// own value, the one its restoration reads back too.
    case feed(FeedDestination)
    /// `app://profile…`: a place in the person's own profile, only for a logged-in person: selects the Profile
    /// tab. The place is Profile's own value.
    case profile(ProfileDestination)

    /// Whether the link opens a place only a logged-in person may see: it waits through the log-in and the
    /// onboarding tour.
    package var isProtected: Bool {
        switch self {
        case .login, .signUp: false
        case .feed, .profile: true
        }
    }

    /// The longest link accepted, in bytes.
    package static let maximumLength = 2048

    /// The link in its canonical form, such as `app://feed/post/2`; parsing it gives the same place back (post
    /// ids hold only digits, which need no percent-encoding).
    package var url: String {
        switch self {
        case .login: "app://login"
        case .signUp: "app://signup"
        case .feed(.segment(.latest)): "app://feed"
        case .feed(.segment(.popular)): "app://feed/popular"
        case .feed(.post(let id)): "app://feed/post/\(id)"
        case .feed(.compose): "app://feed/compose"
        case .profile(.profile): "app://profile"
        case .profile(.edit): "app://profile/edit"
        }
    }

    /// One link of each kind the app follows, in the order help lists them, the post's with the id `postID`: the
    /// one list that help, completion and the explorer read.
    package static func all(postID: String) -> [DeepLink] {
        [
            .login, .signUp, .feed(.segment(.latest)), .feed(.segment(.popular)), .feed(.post(id: postID)),
            .feed(.compose),
            .profile(.profile),
            .profile(.edit),
        ]
    }

    /// Every link the app follows as a person types it, with `<id>` where a post's id goes.
    package static var patterns: [String] { all(postID: "<id>").map(\.url) }

    /// Parses `text` as a link.
    ///
    /// - Throws: ``DeepLinkError`` saying what is wrong with `text`.
    package static func parse(_ text: String) throws(DeepLinkError) -> DeepLink {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else { throw .tooLong(maximumLength: maximumLength) }
        let scheme = Array("app://".utf8)
        guard bytes.starts(with: scheme) else { throw DeepLinkError(text, .notAppScheme) }
        var path = bytes[scheme.count...]
        if path.contains(UInt8(ascii: "?")) || path.contains(UInt8(ascii: "#")) {
            throw DeepLinkError(text, .queryOrFragment)
        }
        if path.last == UInt8(ascii: "/") { path = path.dropLast() }
        let rawSegments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard rawSegments.count <= 3 else { throw .unknown(link: text) }
        var segments: [String] = []
        for rawSegment in rawSegments {
            guard !rawSegment.isEmpty else { throw DeepLinkError(text, .emptySegment) }
            guard let decoded = percentDecoded(rawSegment) else { throw DeepLinkError(text, .brokenPercentEncoding) }
            guard let segment = String(validating: decoded, as: UTF8.self) else {
                throw DeepLinkError(text, .notUTF8)
            }
            segments.append(segment)
        }
        switch segments {
        case ["login"]: return .login
        case ["signup"]: return .signUp
        case ["feed"]: return .feed(.segment(.latest))
        case ["feed", "popular"]: return .feed(.segment(.popular))
        case ["feed", "compose"]: return .feed(.compose)
        case ["profile"]: return .profile(.profile)
        case ["profile", "edit"]: return .profile(.edit)
        case let segments where segments.count == 3 && segments[0] == "feed" && segments[1] == "post":
            let id = segments[2]
            guard isValidPostID(id) else { throw DeepLinkError(text, .invalidPostID) }
            return .feed(.post(id: id))
        default:
            throw .unknown(link: text)
        }
    }

    /// Whether `id` names a post: read by ``PostID``, as the saved place and the store read it.
    private static func isValidPostID(_ id: String) -> Bool {
        PostID.number(id) != nil
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

/// Why a text is not a link the app opens: one value for every refusal of ``DeepLink/parse(_:)``, worded in one
/// place.
package enum DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with a link's spelling.
    package enum Problem: String, Equatable, Sendable {
        case notAppScheme = "links start with app://"
        case queryOrFragment = "no query or fragment allowed"
        case emptySegment = "empty path segment"
        case brokenPercentEncoding = "broken percent-encoding"
        case notUTF8 = "not UTF-8 after percent-decoding"
        case invalidPostID = "invalid post id"
    }

    /// The link is longer than the longest one accepted; it is not repeated.
    case tooLong(maximumLength: Int)
    /// `link` is spelled wrongly, for `problem`.
    case malformed(link: String, problem: Problem)
    /// `link` is well formed but names no place in the app.
    case unknown(link: String)

    /// `link` spelled wrongly, for `problem`.
    init(_ link: String, _ problem: Problem) {
        self = .malformed(link: link, problem: problem)
    }

    package var description: String {
        switch self {
        case .tooLong(let maximumLength): "malformed link: longer than \(maximumLength) bytes"
        case .malformed(let link, let problem): "malformed link '\(UserFacingError.quoted(link))': \(problem.rawValue)"
        case .unknown(let link): "unknown link '\(UserFacingError.quoted(link))'"
        }
    }
}
