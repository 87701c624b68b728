import AppData
import FoundationEssentials
import ProfileFeature

extension FeaturePlayground {
    /// Profile of a stand-in person, over posts kept in memory.
    static let profile = FeaturePlayground(
        name: "Profile",
        summary: "The profile of Demo (demo@example.com) with 25 sample posts; edit the name, log out."
    ) { parent in
        let data = InMemoryDataStore(
            now: { [weak parent] in parent?.now ?? Date() }, posts: profileSamples(now: parent.now))
        let services = DataProfileService(data: data)
        let builder = ProfileContainer(dependency: ProfileServices(accounts: services, posts: services))
        let listener = ProfilePlaygroundListener(parent: parent)
        let user = ProfileUser(email: "demo@example.com")
        let profile = builder.coordinator(listener: listener, user: user)
        return Hosted(coordinator: profile, listener: listener) { [weak profile] in
            profile?.holdsUnsavedEdit == true ? .profileEdit : nil
        }
    }
}

/// The Profile playground's posts, kept in memory: 25 samples by Demo, an hour apart before `now`, so `more` shows a
/// second page; sample `n` has `n % 3` likes.
private func profileSamples(now: Date) -> [NewPost] {
    (1...25).map { number in
        NewPost(
            id: Int64(number), authorEmail: "demo@example.com", authorName: "Demo",
            createdAt: now.addingTimeInterval(-Double(26 - number) * 3_600), text: "Sample post \(number)",
            likedBy: (0..<number % 3).map { "reader\($0)@example.com" })
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
