import FeedFeature
import Foundation

/// An in-memory post service that records what it was asked and can be told
/// to fail. Likes add or remove one, for whoever asks.
@MainActor
final class FakePostService: FeedPostService {
    private(set) var posts: [FeedPost]
    /// Thrown by every call when set.
    var failure: FeedServiceError?
    /// The creation time of published posts.
    var now: Date
    private(set) var publishedTexts: [String] = []
    private var nextID = 1

    init(posts: [FeedPost], now: Date) {
        self.posts = posts
        self.now = now
    }

    /// Deletes a post behind the feed's back, as another device would.
    func delete(id: String) {
        posts.removeAll { $0.id == id }
    }

    func latestPosts() throws(FeedServiceError) -> [FeedPost] {
        if let failure { throw failure }
        return posts.sorted { $0.createdAt > $1.createdAt }
    }

    func popularPosts() throws(FeedServiceError) -> [FeedPost] {
        if let failure { throw failure }
        return posts.sorted { $0.likeCount > $1.likeCount }
    }

    func post(id: String) throws(FeedServiceError) -> FeedPost? {
        if let failure { throw failure }
        return posts.first { $0.id == id }
    }

    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        if let failure { throw failure }
        let post = FeedPost(
            id: "new\(nextID)",
            authorName: user.displayName,
            createdAt: now,
            text: text,
            likeCount: 0,
            isLiked: false
        )
        nextID += 1
        publishedTexts.append(text)
        posts.append(post)
        return post
    }

    func toggleLike(postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        if let failure { throw failure }
        guard let index = posts.firstIndex(where: { $0.id == postID }) else { throw .unavailable("no such post") }
        let post = posts[index]
        let toggled = FeedPost(
            id: post.id,
            authorName: post.authorName,
            createdAt: post.createdAt,
            text: post.text,
            likeCount: post.likeCount + (post.isLiked ? -1 : 1),
            isLiked: !post.isLiked
        )
        posts[index] = toggled
        return toggled
    }
}
