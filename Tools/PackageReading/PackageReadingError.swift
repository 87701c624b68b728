/// Why a package could not be read: a tool failed or a file is unreadable.
public enum PackageReadingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A tool could not start, or failed in a way that says nothing about the package's contents.
    case toolFailed(String)
    /// A file is missing or unreadable.
    case unreadable(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .toolFailed(let detail): "tool failed: \(detail)"
        case .unreadable(let detail): "unreadable: \(detail)"
        }
    }
}
