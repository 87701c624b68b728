// Compile probe: the Profile feature builds from outside, through its public builder only.
import Core
import ProfileFeature

@MainActor
final class ProfileProbeService: ProfileAccountService, ProfilePostService {
    func summary(of user: ProfileUser) throws(ProfileServiceError) -> ProfileSummary {
        ProfileSummary(displayName: "Ada", postCount: 0)
    }

    func rename(_ user: ProfileUser, to displayName: String) throws(ProfileServiceError) -> ProfileSummary {
        throw .unavailable("read-only")
    }

    func posts(by user: ProfileUser, after postID: String?, limit: Int) throws(ProfileServiceError) -> [ProfilePost] {
        [ProfilePost(id: "1", text: "Hello", likeCount: 0)]
    }
}

@MainActor
struct ProfileProbeDependency: ProfileDependency {
    let service = ProfileProbeService()
    var accounts: any ProfileAccountService { service }
    var posts: any ProfilePostService { service }
}

@MainActor
final class ProfileProbeParent: Coordinator, ProfileListener {
    let builder: any ProfileContainable = ProfileContainer(dependency: ProfileProbeDependency())

    override func didStart() {
        let profile = builder.coordinator(listener: self, user: ProfileUser(email: "ada@example.com"))
        try? addChild(profile)
        if !profile.holdsUnsavedEdit {
            try? profile.show(.edit)
            try? profile.show(.profile)
        }
    }

    func profileDidRename(to displayName: String) {}

    func profileDidLogOut() {}
}
