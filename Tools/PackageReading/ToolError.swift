/// Why a tool could not run at all, as opposed to what it found in the package (a broken boundary, a changed
/// file): a compiler tool missing or failing, a file unreadable, a line of a rules file it does not understand.
public enum ToolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A compiler tool is missing.
    case toolNotFound(String)
    /// A compiler tool failed in a way that says nothing about the boundaries.
    case toolFailed(String)
    /// A file the check needs is missing or unreadable.
    case unreadable(String)
    /// The rules file has a line the check does not understand.
    case invalidRule(String)

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
