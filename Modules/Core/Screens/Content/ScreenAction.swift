/// Something a person can do on a screen, derived from its content.
public struct ScreenAction: Equatable, Sendable {
    /// The id to perform it by.
    public let id: String
    /// What the person reads.
    public let title: String
    /// Whether it can be performed now.
    public let isEnabled: Bool

    /// Creates an action.
    public init(id: String, title: String, isEnabled: Bool) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
    }
}
