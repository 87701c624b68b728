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
    /// Whether the row is marked as the person's own choice, as a table cell's checkmark marks it: a post they
    /// liked, an option they picked. A front end draws the mark beside the title; one that prints rows for
    /// scripts may leave it out, so their output does not change.
    public let isMarked: Bool

    /// Creates a row.
    public init(
        id: String, title: String, subtitle: String? = nil, detail: String? = nil, actionID: String? = nil,
        isMarked: Bool = false
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.actionID = actionID
        self.isMarked = isMarked
    }
}
