/// The names of the feed's places on a ``NavigationPath``: two posts on the
/// same kind of screen are different places.
enum FeedPlace {
    /// Compose, presented over the feed.
    static let compose = "compose"

    private static let postPrefix = "post/"

    /// The detail of the post `id`: `post/<id>`.
    static func post(_ id: String) -> String { postPrefix + id }

    /// The id of the post the place names, or `nil` for a place that is no
    /// post's.
    static func postID(of place: String) -> String? {
        place.hasPrefix(postPrefix) ? String(place.dropFirst(postPrefix.count)) : nil
    }
}
