import Foundation
import ProfileFeature

/// The person's account and posts for Profile, kept in the database. Conforms to Profile's
/// ``ProfileAccountService`` and ``ProfilePostService``.
@MainActor
final class LiveProfileService: ProfileAccountService, ProfilePostService {
    private let accounts: AccountStore
    private let posts: PostStore
    private let health: DataHealth

    /// Creates the service over `accounts` and `posts`.
    init(accounts: AccountStore, posts: PostStore, health: DataHealth) {
        self.accounts = accounts
        self.posts = posts
        self.health = health
    }

    func summary(of user: ProfileUser) throws(ProfileServiceError) -> ProfileSummary {
        let summary: (displayName: String, postCount: Int)?
        do {
            summary = try accounts.summary(email: user.email)
        } catch {
            throw unavailable(error)
        }
        guard let summary else { throw .unavailable("the account no longer exists") }
        return ProfileSummary(displayName: summary.displayName, postCount: summary.postCount)
    }

    func rename(_ user: ProfileUser, to displayName: String) throws(ProfileServiceError) -> ProfileSummary {
        let renamed: String?
        do {
            renamed = try accounts.rename(email: user.email, to: displayName)
        } catch {
            switch error {
            case .invalid(let reason), .hashing(let reason): throw .unavailable(reason)
            case .emailTaken: throw .unavailable("the account cannot be renamed")
            case .data(let dataError): throw unavailable(dataError)
            }
        }
        guard renamed != nil else { throw .unavailable("the account no longer exists") }
        return try summary(of: user)
    }

    func posts(by user: ProfileUser, after postID: String?, limit: Int) throws(ProfileServiceError) -> [ProfilePost] {
        do {
            return try posts.page(by: user.email, after: postID, limit: limit, reader: user.email).map { record in
                ProfilePost(id: String(record.id), text: record.text, likeCount: record.likeCount)
            }
        } catch {
            throw unavailable(error)
        }
    }

    private func unavailable(_ error: DataError) -> ProfileServiceError {
        health.record(error)
        return .unavailable(error.description)
    }
}
