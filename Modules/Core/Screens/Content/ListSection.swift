/// A list of rows, with a message for when it is empty.
public struct ListSection: Equatable, Sendable {
    /// Identifies the list on its screen.
    public let id: String
    /// The rows, top to bottom.
    public let items: [ListItem]
    /// Shown instead of the rows when there are none.
    public let emptyMessage: String?

    /// Creates a list.
    public init(id: String, items: [ListItem], emptyMessage: String? = nil) {
        self.id = id
        self.items = items
        self.emptyMessage = emptyMessage
    }
}
