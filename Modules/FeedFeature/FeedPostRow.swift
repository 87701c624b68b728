import Foundation

/// A post as its screens show it. The relative time is not stored: it is
/// formatted when the screen is read, so it keeps up with the clock.
struct FeedPostRow: Equatable {
    let id: String
    let authorName: String
    let text: String
    /// When it was published.
    let createdAt: Date
    /// For example "1 like" or "3 likes".
    let likes: String
    let isLiked: Bool

    /// Takes what the screens show of `post`.
    init(post: FeedPost) {
        id = post.id
        authorName = post.authorName
        text = post.text
        createdAt = post.createdAt
        likes = post.likeCount == 1 ? "1 like" : "\(post.likeCount) likes"
        isLiked = post.isLiked
    }

    /// How long ago it was published, seen at `now`, for example "5m".
    func time(at now: Date) -> String {
        RelativeTime.text(for: createdAt, now: now)
    }
}
