/// A button; tapping it performs the action with the same id.
public struct Button: Equatable, Sendable {
    /// The action id.
    public let id: String
    /// The label.
    public let title: String
    /// Whether it can be tapped now.
    public let isEnabled: Bool

    /// Creates a button.
    public init(id: String, title: String, isEnabled: Bool = true) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
    }
}
