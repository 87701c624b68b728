import AppData
import FeedFeature

/// The posts as Feed sees them, over the app's data (live or in memory): it turns the data's records into the
/// feed's posts, as their reader sees them, and the data's failures into the feed's.
@MainActor
final class DataPostService: FeedPostService {
    private let data: any AppDataStore

    /// The posts of `data`.
    init(data: any AppDataStore) {
        self.data = data
    }

    func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        try page(.latest, for: user, after: postID, limit: limit)
    }

    func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        try page(.popular, for: user, after: postID, limit: limit)
    }

    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost? {
        do {
            return try data.post(id: id, reader: user.email).map(Self.feedPost)
        } catch {
            throw .unavailable(error.description)
        }
    }

    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            return Self.feedPost(try data.publish(text: text, authorEmail: user.email, authorName: user.displayName))
        } catch {
            throw Self.failure(error)
        }
    }

    func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        do {
            return Self.feedPost(try data.setLike(isLiked, postID: postID, email: user.email))
        } catch {
            throw Self.failure(error)
        }
    }

    private func page(
        _ order: PostOrder, for user: FeedUser, after postID: String?, limit: Int
    ) throws(FeedServiceError) -> [FeedPost] {
        do {
            return try data.page(order, after: postID, limit: limit, reader: user.email).map(Self.feedPost)
        } catch {
            throw .unavailable(error.description)
        }
    }

    /// `record` as the feed shows it.
    private static func feedPost(_ record: PostRecord) -> FeedPost {
        FeedPost(
            id: String(record.id), authorName: record.authorName, createdAt: record.createdAt, text: record.text,
            likeCount: record.likeCount, isLiked: record.isLikedByReader)
    }

    private static func failure(_ error: PostFailure) -> FeedServiceError {
        switch error {
        case .notFound(let id): .postNotFound(id)
        case .invalid(let reason): .unavailable(reason)
        case .data(let dataError): .unavailable(dataError.description)
        }
    }
}
