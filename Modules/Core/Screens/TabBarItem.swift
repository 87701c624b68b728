/// What a tab bar shows for one tab: the stand-in for `UITabBarItem`.
///
/// The ``id`` names the tab for the person's tap (``Window/tapTab(_:)``), for
/// the parent that selects it and for tests; the ``title`` and the ``badge``
/// are what a person reads.
public struct TabBarItem: Equatable, Sendable {
    /// A stable name for the tab, unique in its tab bar, such as `"feed"`.
    public let id: String
    /// What the tab is called, such as `"Feed"`.
    public var title: String
    /// A short mark beside the title, such as `"3"` unread posts, or `nil` for
    /// none. Whoever shows the tab sets it (see
    /// ``TabBarController/setBadge(_:forTab:)``).
    public var badge: String?

    /// Creates an item named `id`, titled `title`, with an optional badge.
    public init(id: String, title: String, badge: String? = nil) {
        self.id = id
        self.title = title
        self.badge = badge
    }
}
