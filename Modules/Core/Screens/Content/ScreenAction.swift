/// Something a person can do on a screen, derived from its content.
public struct ScreenAction: Equatable, Sendable {
    /// The id to perform it by.
    public let id: String
    /// What the person reads.
    public let title: String
    /// Whether it can be performed now.
    public let isEnabled: Bool
    /// The question a person confirms before it is performed, or `nil` (see ``Button/confirmation``).
    public let confirmation: String?

    /// Creates an action; `confirmation`, when given, is the question to ask before it is performed.
    public init(id: String, title: String, isEnabled: Bool, confirmation: String? = nil) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
        self.confirmation = confirmation
    }
}
