/// A broken boundary: which rule, where, what is wrong and how to fix it.
public struct Violation: Sendable, Equatable, CustomStringConvertible {
    /// The rule's name as the rules file and README spell it, such as `feature-surface` or `imports`.
    public let rule: String
    /// Where: a module, a qualified symbol, or `file:line`.
    public let location: String
    /// What is wrong.
    public let problem: String
    /// How to fix it.
    public let fix: String

    /// The report: `[rule] location: problem`, then the fix on its own line.
    public var description: String { "[\(rule)] \(location): \(problem)\n    fix: \(fix)" }
}
