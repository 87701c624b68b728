import FeedFeature
import Foundation

/// Posts for the feed, kept in the data directory. Conforms to Feed's ``FeedPostService``.
@MainActor
final class LivePostService: FeedPostService {
    private let store: PostStore
    private let clock: AppClock
    private let health: DataHealth

    /// Creates the service over `store`.
    init(store: PostStore, clock: AppClock, health: DataHealth) {
        self.store = store
        self.clock = clock
        self.health = health
    }

    func latestPosts(for user: FeedUser) throws(FeedServiceError) -> [FeedPost] {
        try feedPosts(for: user) { () throws(DataError) in try store.latest() }
    }

    func popularPosts(for user: FeedUser) throws(FeedServiceError) -> [FeedPost] {
        try feedPosts(for: user) { () throws(DataError) in try store.popular() }
    }

    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost? {
        try feedPosts(for: user) { () throws(DataError) in try store.post(id: id).map { [$0] } ?? [] }.first
    }

    /// Whether the post `id` exists, whoever asks (a deep link checks it before anyone is logged in).
    func containsPost(id: String) throws(FeedServiceError) -> Bool {
        do {
            return try store.post(id: id) != nil
        } catch {
            throw unavailable(error)
        }
    }

    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            let record = try store.publish(
                text: text, authorEmail: AccountStore.normalized(user.email), authorName: user.displayName,
                now: clock.now)
            return feedPost(record, for: user)
        } catch {
            throw unavailable(error)
        }
    }

    func toggleLike(postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            return feedPost(
                try store.toggleLike(postID: postID, email: AccountStore.normalized(user.email)), for: user)
        } catch {
            switch error {
            case .notFound: throw .postNotFound(postID)
            case .data(let dataError): throw unavailable(dataError)
            }
        }
    }

    private func feedPosts(
        for user: FeedUser, _ read: () throws(DataError) -> [PostRecord]
    ) throws(FeedServiceError) -> [FeedPost] {
        do {
            return try read().map { feedPost($0, for: user) }
        } catch {
            throw unavailable(error)
        }
    }

    /// `record` as `viewer` sees it.
    private func feedPost(_ record: PostRecord, for viewer: FeedUser) -> FeedPost {
        FeedPost(
            id: record.id, authorName: record.authorName, createdAt: record.createdAt, text: record.text,
            likeCount: record.likedBy.count,
            isLiked: record.likedBy.contains(AccountStore.normalized(viewer.email)))
    }

    private func unavailable(_ error: DataError) -> FeedServiceError {
        health.record(error)
        return .unavailable(error.description)
    }
}
