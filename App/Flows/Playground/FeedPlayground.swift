import AppData
import FeedFeature
import FoundationEssentials

extension FeaturePlayground {
    /// Feed for a stand-in person, over posts kept in memory.
    static let feed = FeaturePlayground(
        name: "Feed",
        summary: "The feed of Demo (demo@example.com) over three sample posts."
    ) { parent in
        let now = { @MainActor [weak parent] in parent?.now ?? Date() }
        let data = InMemoryDataStore(now: now, posts: feedSamples(now: now()))
        let builder = FeedContainer(dependency: FeedServices(posts: DataPostService(data: data), now: now))
        let listener = FeedPlaygroundListener(parent: parent)
        let user = FeedUser(email: "demo@example.com", displayName: "Demo")
        let feed = builder.coordinator(listener: listener, user: user)
        return Hosted(coordinator: feed, listener: listener) { [weak feed] in
            feed?.holdsDraft == true ? .composeDraft : nil
        }
    }
}

/// The Feed playground's posts, kept in memory and dated before `now`: three samples by others, two of them liked.
private func feedSamples(now: Date) -> [NewPost] {
    [
        NewPost(
            id: 1, authorEmail: "ada@example.com", authorName: "Ada", createdAt: now.addingTimeInterval(-2 * 86_400),
            text: "This feed lives in memory: nothing you do here is saved.", likedBy: ["grace@example.com"]),
        NewPost(
            id: 2, authorEmail: "grace@example.com", authorName: "Grace", createdAt: now.addingTimeInterval(-3 * 3_600),
            text: "Open a post, like it, and come back: the lists follow.",
            likedBy: ["ada@example.com", "alan@example.com"]),
        NewPost(
            id: 3, authorEmail: "alan@example.com", authorName: "Alan", createdAt: now.addingTimeInterval(-5 * 60),
            text: "Compose a post and find it on top of Latest.", likedBy: []),
    ]
}

/// Hears what Feed tells its parent in the playground: a look at Latest goes on, as nothing counts it here, so
/// the feed never ends by itself.
@MainActor
private final class FeedPlaygroundListener: PlaygroundListener, FeedListener {
    func feedDidShowLatest() {}
}
