/// One row of a ``ListSection``.
public struct ListItem: Equatable, Sendable {
    /// Identifies the row in its list.
    public let id: String
    /// The main line.
    public let title: String
    /// A second line, if any.
    public let subtitle: String?
    /// A short detail shown at the side (a time, a count), if any.
    public let detail: String?
    /// The action performed when the row is tapped, or `nil` if it cannot be.
    public let actionID: String?

    /// Creates a row.
    public init(id: String, title: String, subtitle: String? = nil, detail: String? = nil, actionID: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.actionID = actionID
    }
}
