import ProfileFeature

/// The account and posts of one person, kept in memory, with a failure to inject.
@MainActor
final class FakeProfileService: ProfileDependency, ProfileAccountService, ProfilePostService {
    private(set) var displayName: String
    /// Newest first.
    private var written: [ProfilePost]
    /// When set, every call throws it.
    var failure: ProfileServiceError?
    /// The names every successful rename saved, in order.
    private(set) var renames: [String] = []

    init(displayName: String = "Ada", postCount: Int = 3) {
        self.displayName = displayName
        written = (1...max(postCount, 1)).reversed().prefix(postCount).map { number in
            ProfilePost(id: "p\(number)", text: "Post \(number)", likeCount: number % 3)
        }
    }

    var accounts: any ProfileAccountService { self }
    var posts: any ProfilePostService { self }

    func summary(of user: ProfileUser) throws(ProfileServiceError) -> ProfileSummary {
        if let failure { throw failure }
        return ProfileSummary(displayName: displayName, postCount: written.count)
    }

    func rename(_ user: ProfileUser, to displayName: String) throws(ProfileServiceError) -> ProfileSummary {
        if let failure { throw failure }
        self.displayName = displayName
        renames.append(displayName)
        return try summary(of: user)
    }

    func posts(by user: ProfileUser, after postID: String?, limit: Int) throws(ProfileServiceError) -> [ProfilePost] {
        if let failure { throw failure }
        let start = postID.flatMap { id in written.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        return Array(written[start...].prefix(max(limit, 0)))
    }
}
