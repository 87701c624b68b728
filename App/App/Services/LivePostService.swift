import FeedFeature
import Foundation

/// Posts for the feed, kept in the data directory. Conforms to Feed's ``FeedPostService``.
@MainActor
final class LivePostService: FeedPostService {
    private let store: PostStore
    private let clock: AppClock
    private let health: DataHealth
    private let viewerEmail: @MainActor () -> String?

    /// Creates the service over `store`; `viewerEmail` tells who is looking, for ``FeedPost/isLiked``.
    init(store: PostStore, clock: AppClock, health: DataHealth, viewerEmail: @escaping @MainActor () -> String?) {
        self.store = store
        self.clock = clock
        self.health = health
        self.viewerEmail = viewerEmail
    }

    func latestPosts() throws(FeedServiceError) -> [FeedPost] {
        try feedPosts { () throws(DataError) in try store.latest() }
    }

    func popularPosts() throws(FeedServiceError) -> [FeedPost] {
        try feedPosts { () throws(DataError) in try store.popular() }
    }

    func post(id: String) throws(FeedServiceError) -> FeedPost? {
        try feedPosts { () throws(DataError) in try store.post(id: id).map { [$0] } ?? [] }.first
    }

    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            let record = try store.publish(
                text: text, authorEmail: AccountStore.normalized(user.email), authorName: user.displayName,
                now: clock.now)
            return feedPost(record)
        } catch {
            throw unavailable(error)
        }
    }

    func toggleLike(postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            return feedPost(try store.toggleLike(postID: postID, email: AccountStore.normalized(user.email)))
        } catch {
            switch error {
            case .notFound: throw .unavailable("This post no longer exists.")
            case .data(let dataError): throw unavailable(dataError)
            }
        }
    }

    private func feedPosts(_ read: () throws(DataError) -> [PostRecord]) throws(FeedServiceError) -> [FeedPost] {
        do {
            return try read().map(feedPost)
        } catch {
            throw unavailable(error)
        }
    }

    private func feedPost(_ record: PostRecord) -> FeedPost {
        let viewer = viewerEmail()
        return FeedPost(
            id: record.id, authorName: record.authorName, createdAt: record.createdAt, text: record.text,
            likeCount: record.likedBy.count, isLiked: viewer.map(record.likedBy.contains) ?? false)
    }

    private func unavailable(_ error: DataError) -> FeedServiceError {
        health.record(error)
        return .unavailable(error.description)
    }
}
