import AppData
import ProfileFeature

/// The person's account and posts as Profile sees them, over the app's data (live or in memory): it turns the
/// data's summary and records into the profile's, and the data's failures into the profile's.
@MainActor
final class DataProfileService: ProfileAccountService, ProfilePostService {
    private let data: any AppDataStore

    /// The accounts and posts of `data`.
    init(data: any AppDataStore) {
        self.data = data
    }

    func summary(of user: ProfileUser) throws(ProfileServiceError) -> ProfileSummary {
        let summary: AccountSummary?
        do {
            summary = try data.summary(email: user.email)
        } catch {
            throw .unavailable(error.description)
        }
        guard let summary else { throw .unavailable("the account no longer exists") }
        return ProfileSummary(displayName: summary.displayName, postCount: summary.postCount)
    }

    func rename(_ user: ProfileUser, to displayName: String) throws(ProfileServiceError) -> ProfileSummary {
        let renamed: String?
        do {
            renamed = try data.rename(email: user.email, to: displayName)
        } catch {
            switch error {
            case .invalid(let reason), .hashing(let reason): throw .unavailable(reason)
            case .emailTaken: throw .unavailable("the account cannot be renamed")
            case .data(let dataError): throw .unavailable(dataError.description)
            }
        }
        guard renamed != nil else { throw .unavailable("the account no longer exists") }
        return try summary(of: user)
    }

    func posts(by user: ProfileUser, after postID: String?, limit: Int) throws(ProfileServiceError) -> [ProfilePost] {
        do {
            return try data.page(by: user.email, after: postID, limit: limit, reader: user.email).map { record in
                ProfilePost(id: String(record.id), text: record.text, likeCount: record.likeCount)
            }
        } catch {
            throw .unavailable(error.description)
        }
    }
}
