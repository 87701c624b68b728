import Foundation

/// A post as its screens show it: every field already formatted for a moment
/// in time.
struct FeedPostRow: Equatable {
    let id: String
    let authorName: String
    let text: String
    /// How long ago it was published, for example "5m".
    let time: String
    /// For example "1 like" or "3 likes".
    let likes: String
    let isLiked: Bool

    /// Formats `post` as seen at `now`.
    init(post: FeedPost, now: Date) {
        id = post.id
        authorName = post.authorName
        text = post.text
        time = RelativeTime.text(for: post.createdAt, now: now)
        likes = post.likeCount == 1 ? "1 like" : "\(post.likeCount) likes"
        isLiked = post.isLiked
    }
}
