import FeedFeature
import Foundation

/// Posts for the feed, kept in the database. Conforms to Feed's ``FeedPostService``.
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

    func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        try page(.latest, for: user, after: postID, limit: limit)
    }

    func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        try page(.popular, for: user, after: postID, limit: limit)
    }

    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost? {
        do {
            return try store.post(id: id, reader: user.email).map(Self.feedPost)
        } catch {
            throw unavailable(error)
        }
    }

    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            return Self.feedPost(
                try store.publish(text: text, authorEmail: user.email, authorName: user.displayName, now: clock.now))
        } catch {
            throw failure(error)
        }
    }

    func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            return Self.feedPost(try store.setLike(isLiked, postID: postID, email: user.email))
        } catch {
            throw failure(error)
        }
    }

    private func page(
        _ order: PostStore.Order, for user: FeedUser, after postID: String?, limit: Int
    ) throws(FeedServiceError) -> [FeedPost] {
        do {
            return try store.page(order, after: postID, limit: limit, reader: user.email)
                .map(Self.feedPost)
        } catch {
            throw unavailable(error)
        }
    }

    /// `record` as the feed shows it.
    private static func feedPost(_ record: PostRecord) -> FeedPost {
        FeedPost(
            id: String(record.id), authorName: record.authorName, createdAt: record.createdAt, text: record.text,
            likeCount: record.likeCount, isLiked: record.isLikedByReader)
    }

    private func failure(_ error: PostStore.Failure) -> FeedServiceError {
        switch error {
        case .notFound(let id): .postNotFound(id)
        case .invalid(let reason): .unavailable(reason)
        case .data(let dataError): unavailable(dataError)
        }
    }

    private func unavailable(_ error: DataError) -> FeedServiceError {
        health.record(error)
        return .unavailable(error.description)
    }
}
