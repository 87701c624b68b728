import PackageReading

/// Why the check could not run at all (as opposed to a boundary it found broken).
public enum BoundaryCheckError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A compiler tool is missing.
    case toolNotFound(String)
    /// A compiler tool failed in a way that says nothing about the boundaries.
    case toolFailed(String)
    /// A file the check needs is missing or unreadable.
    case unreadable(String)
    /// The rules file has a line the check does not understand.
    case invalidRule(String)

    /// The same failure, met while reading the package.
    init(_ error: PackageReadingError) {
        switch error {
        case .toolFailed(let detail): self = .toolFailed(detail)
        case .unreadable(let detail): self = .unreadable(detail)
        }
    }

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .toolNotFound(let detail): "tool not found: \(detail)"
        case .toolFailed(let detail): "tool failed: \(detail)"
        case .unreadable(let detail): "unreadable: \(detail)"
        case .invalidRule(let detail): "invalid rule: \(detail)"
        }
    }
}
