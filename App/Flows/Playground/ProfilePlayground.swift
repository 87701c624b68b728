import ProfileFeature

extension FeaturePlayground {
    /// Profile of a stand-in person, over posts kept in memory.
    static let profile = FeaturePlayground(
        name: "Profile",
        summary: "The profile of Demo (demo@example.com) with 25 sample posts; edit the name, log out."
    ) { parent in
        let builder = ProfileContainer(dependency: PlaygroundProfile())
        let listener = ProfilePlaygroundListener(parent: parent)
        let user = ProfileUser(email: "demo@example.com")
        let profile = builder.coordinator(listener: listener, user: user)
        return Hosted(coordinator: profile, listener: listener) { [weak profile] in
            profile?.holdsUnsavedEdit == true ? .profileEdit : nil
        }
    }
}

/// The account and posts of the Profile playground, kept in memory: 25 samples, so `more` shows a second page.
/// Nothing is saved.
@MainActor
final class PlaygroundProfile: ProfileDependency, ProfileAccountService, ProfilePostService {
    private var displayName = "Demo"
    /// Newest first.
    private let samples = (1...25).reversed().map { number in
        ProfilePost(id: String(number), text: "Sample post \(number)", likeCount: number % 3)
    }

    var accounts: any ProfileAccountService { self }
    var posts: any ProfilePostService { self }

    func summary(of user: ProfileUser) throws(ProfileServiceError) -> ProfileSummary {
        ProfileSummary(displayName: displayName, postCount: samples.count)
    }

    func rename(_ user: ProfileUser, to displayName: String) throws(ProfileServiceError) -> ProfileSummary {
        self.displayName = displayName
        return try summary(of: user)
    }

    func posts(by user: ProfileUser, after postID: String?, limit: Int) throws(ProfileServiceError) -> [ProfilePost] {
        let start = postID.flatMap { id in samples.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        return Array(samples[start...].prefix(max(limit, 0)))
    }
}

/// Forwards what Profile tells its parent to the playground. A rename goes on: only a log-out ends the feature.
@MainActor
private final class ProfilePlaygroundListener: PlaygroundListener, ProfileListener {
    func profileDidRename(to displayName: String) {}

    func profileDidLogOut() {
        finish("profileDidLogOut()")
    }
}
