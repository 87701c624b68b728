/// A button; tapping it performs the action with the same id.
public struct Button: Equatable, Sendable {
    /// The action id.
    public let id: String
    /// The label.
    public let title: String
    /// Whether it can be tapped now.
    public let isEnabled: Bool
    /// The question a person confirms before the action is performed (a log-out, a deletion: what cannot be
    /// taken back with a tap), or `nil` to perform it at once.
    ///
    /// It is a front end's contract, as an alert before a destructive action is in UIKit: the front end asks
    /// it and performs the action only on a yes. The screen itself performs the action whenever it is
    /// performed, so a test or a script that performs it directly does not answer the question.
    public let confirmation: String?

    /// Creates a button; `confirmation`, when given, is the question to ask before the action is performed.
    public init(id: String, title: String, isEnabled: Bool = true, confirmation: String? = nil) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
        self.confirmation = confirmation
    }
}
