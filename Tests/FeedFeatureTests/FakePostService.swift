import FeedFeature
import Foundation

/// An in-memory post service that records what it was asked (and for whom)
/// and can be told to fail. Likes are set, not toggled,
/// for whoever asks.
@MainActor
final class FakePostService: FeedPostService {
    private(set) var posts: [FeedPost]
    /// Thrown by every call when set.
    var failure: FeedServiceError?
    /// The creation time of published posts.
    var now: Date
    private(set) var publishedTexts: [String] = []
    /// The person each read was made for, in order.
    private(set) var readers: [FeedUser] = []
    /// How many times the lists were read.
    private(set) var listReadCount = 0
    private var nextID = 1

    init(posts: [FeedPost], now: Date) {
        self.posts = posts
        self.now = now
    }

    /// Deletes a post behind the feed's back, as another device would.
    func delete(id: String) {
        posts.removeAll { $0.id == id }
    }

    /// Adds a post behind the feed's back, as another process would.
    func insert(_ post: FeedPost) {
        posts.append(post)
    }

    func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        readers.append(user)
        listReadCount += 1
        if let failure { throw failure }
        return Self.page(posts.sorted { $0.createdAt > $1.createdAt }, after: postID, limit: limit)
    }

    func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        readers.append(user)
        listReadCount += 1
        if let failure { throw failure }
        return Self.page(posts.sorted { $0.likeCount > $1.likeCount }, after: postID, limit: limit)
    }

    /// The `limit` posts of `ordered` that follow the post `postID` (from the start when `nil`).
    private static func page(_ ordered: [FeedPost], after postID: String?, limit: Int) -> [FeedPost] {
        let start = postID.flatMap { id in ordered.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        return Array(ordered[start...].prefix(limit))
    }

    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost? {
        readers.append(user)
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

    func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        if let failure { throw failure }
        guard let index = posts.firstIndex(where: { $0.id == postID }) else { throw .postNotFound(postID) }
        let post = posts[index]
        let updated = FeedPost(
            id: post.id,
            authorName: post.authorName,
            createdAt: post.createdAt,
            text: post.text,
            likeCount: post.likeCount + (isLiked == post.isLiked ? 0 : isLiked ? 1 : -1),
            isLiked: isLiked
        )
        posts[index] = updated
        return updated
    }

    /// Sets the like of `user` behind the feed's back, as another screen or process would.
    func setLikeElsewhere(_ isLiked: Bool, postID: String) {
        guard let index = posts.firstIndex(where: { $0.id == postID }) else { return }
        let post = posts[index]
        posts[index] = FeedPost(
            id: post.id, authorName: post.authorName, createdAt: post.createdAt, text: post.text,
            likeCount: post.likeCount + (isLiked == post.isLiked ? 0 : isLiked ? 1 : -1), isLiked: isLiked)
    }
}
