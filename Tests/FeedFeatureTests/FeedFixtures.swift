import FeedFeature
import Foundation

/// The posts and the moment the feed tests start from.
enum FeedFixtures {
    /// 2026-11-21 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_262_400)

    static let user = FeedUser(email: "ada@example.com", displayName: "Ada")

    /// Newest first: p1, p2, p3, p4. Most liked first: p2, p4, p1, p3.
    static let posts = [
        post("p1", by: "Ada", secondsAgo: 5 * 60, text: "Hello from the engine", likes: 3),
        post("p2", by: "Grace", secondsAgo: 3 * 3600, text: "Found a bug", likes: 10),
        post("p3", by: "Linus", secondsAgo: 2 * 86_400, text: "Patches welcome", likes: 1),
        post("p4", by: "Margaret", secondsAgo: 10 * 86_400, text: "Guidance is go", likes: 7),
    ]

    static func post(_ id: String, by author: String, secondsAgo: TimeInterval, text: String, likes: Int) -> FeedPost {
        FeedPost(
            id: id,
            authorName: author,
            createdAt: now.addingTimeInterval(-secondsAgo),
            text: text,
            likeCount: likes,
            isLiked: false
        )
    }
}
