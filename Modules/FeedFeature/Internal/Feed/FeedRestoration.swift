import Core

/// The feed's restoration record: kind `feed`, version 1, the values
/// `segment` (`latest` or `popular`) and `post` (the pushed post's id, absent
/// when none is pushed), and compose's record as its only child while compose
/// is presented. It is written from the feed's path and read back into the
/// target path the planner takes the feed to.
@MainActor
enum FeedRestoration {
    static let format = RestorationFormat(kind: "feed", version: 1)
    private static let segment = "segment"
    private static let post = "post"

    /// The record of the feed at `path` (its segment as the path's tab, then
    /// a post or compose), with compose's own record while it is presented.
    static func record(of path: NavigationPath, compose: RestorationState?) -> RestorationState {
        var values: [String: String] = [:]
        values[Self.segment] = path.tab
        let presentsCompose = path.routes.contains(.present(FeedPlace.compose, .pageSheet))
        if !presentsCompose, let id = path.routes.lazy.compactMap({ FeedPlace.postID(of: $0.place) }).first {
            values[Self.post] = id
        }
        return format.record(values: values, children: compose.map { [$0] } ?? [])
    }

    /// The path `state` was written from, and compose's record when it holds
    /// one. A record holds a post or compose, never both: compose, which
    /// holds typed text, wins, and `result` says the post was dropped.
    ///
    /// - Throws: the ``RestorationError`` of a record of another format or
    ///   with an unknown segment.
    static func target(
        of state: RestorationState, into result: inout RestorationResult
    ) throws(RestorationError) -> (path: NavigationPath, compose: RestorationState?) {
        try format.check(state)
        let segment = try state.value(Self.segment, as: FeedSegment.self) ?? .latest
        let compose = ComposeCoordinator.restoration.child(of: state, into: &result)
        var path = NavigationPath(tab: segment.rawValue)
        if compose != nil {
            if let postID = state.values[post] {
                result.append(
                    .noLongerApplies("the post '\(postID)' was dropped: the compose sheet shows over the feed"))
            }
            path.routes.append(.present(FeedPlace.compose, .pageSheet))
        } else if let postID = state.values[post] {
            path.routes.append(.push(FeedPlace.post(postID)))
        }
        return (path, compose)
    }
}
