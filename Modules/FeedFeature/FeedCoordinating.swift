public import Core

/// The feed, as its parent sees it: a coordinator with a screen, plus the
/// routes the parent may take into it (deep links such as `app://feed/post/42`).
///
/// Each route first closes what is in the way (a presented compose sheet, a
/// pushed post), so it works whatever the user was doing.
@MainActor
public protocol FeedCoordinating: ViewableCoordinating {
    /// Shows a segment (pops to the feed and dismisses what is presented first).
    func showSegment(_ segment: FeedSegment)

    /// Shows a post's detail: dismisses a presented sheet and pops to the feed
    /// first, then pushes the detail.
    ///
    /// - Throws: ``FeedRouteError/postNotFound(_:)``, changing nothing, when
    ///   there is no such post; ``FeedRouteError/unavailable(_:)`` when the
    ///   post service or the navigation failed.
    func showPost(id: String) throws(FeedRouteError)

    /// Presents compose (pops/dismisses first as needed). When compose is
    /// already presented, it stays as it is, with its draft.
    func showCompose()
}
