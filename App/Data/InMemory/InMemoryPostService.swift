package import FeedFeature
package import Foundation

/// The in-memory twin of the live post service: posts kept in memory, starting with three samples, for a
/// feature shown without a database (the Feed playground). Nothing is saved.
@MainActor
package final class InMemoryPostService: FeedPostService {
    private struct Post {
        let id: String
        let authorName: String
        let createdAt: Date
        let text: String
        var likers: Set<String>
    }

    private let now: @MainActor () -> Date
    private var posts: [Post]

    /// Creates the samples, dated before `now()`.
    package init(now: @escaping @MainActor () -> Date) {
        self.now = now
        let start = now()
        posts = [
            Post(
                id: "1", authorName: "Ada", createdAt: start.addingTimeInterval(-2 * 86_400),
                text: "This feed lives in memory: nothing you do here is saved.", likers: ["grace@example.com"]),
            Post(
                id: "2", authorName: "Grace", createdAt: start.addingTimeInterval(-3 * 3_600),
                text: "Open a post, like it, and come back: the lists follow.",
                likers: ["ada@example.com", "alan@example.com"]),
            Post(
                id: "3", authorName: "Alan", createdAt: start.addingTimeInterval(-5 * 60),
                text: "Compose a post and find it on top of Latest.", likers: []),
        ]
    }

    package func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        page(posts.sorted { $0.createdAt > $1.createdAt }, after: postID, limit: limit, for: user)
    }

    package func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        page(
            posts.sorted { ($0.likers.count, $0.createdAt) > ($1.likers.count, $1.createdAt) }, after: postID,
            limit: limit, for: user)
    }

    /// The `limit` posts of `ordered` that follow the post `postID` (from the start when `nil`).
    private func page(_ ordered: [Post], after postID: String?, limit: Int, for user: FeedUser) -> [FeedPost] {
        let start = postID.flatMap { id in ordered.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        return ordered[start...].prefix(max(limit, 0)).map { feedPost($0, for: user) }
    }

    package func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost? {
        posts.first { $0.id == id }.map { feedPost($0, for: user) }
    }

    package func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        let post = Post(
            id: String(posts.count + 1), authorName: user.displayName, createdAt: now(), text: text, likers: [])
        posts.append(post)
        return feedPost(post, for: user)
    }

    package func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        guard let index = posts.firstIndex(where: { $0.id == postID }) else { throw .postNotFound(postID) }
        if isLiked {
            posts[index].likers.insert(user.email)
        } else {
            posts[index].likers.remove(user.email)
        }
        return feedPost(posts[index], for: user)
    }

    private func feedPost(_ post: Post, for user: FeedUser) -> FeedPost {
        FeedPost(
            id: post.id, authorName: post.authorName, createdAt: post.createdAt, text: post.text,
            likeCount: post.likers.count, isLiked: post.likers.contains(user.email))
    }
}
