import AppData
import FeedFeature
import Foundation

extension FeaturePlayground {
    /// Feed for a stand-in person, over posts kept in memory.
    static let feed = FeaturePlayground(
        name: "Feed",
        summary: "The feed of Demo (demo@example.com) over three sample posts."
    ) { parent in
        let now = { @MainActor [weak parent] in parent?.now ?? Date() }
        let builder = FeedContainer(dependency: FeedServices(posts: InMemoryPostService(now: now), now: now))
        let listener = FeedPlaygroundListener(parent: parent)
        let user = FeedUser(email: "demo@example.com", displayName: "Demo")
        let feed = builder.coordinator(listener: listener, user: user)
        return Hosted(coordinator: feed, listener: listener) { [weak feed] in
            feed?.holdsDraft == true ? .composeDraft : nil
        }
    }
}

/// Hears what Feed tells its parent in the playground: a look at Latest goes on, as nothing counts it here, so
/// the feed never ends by itself.
@MainActor
private final class FeedPlaygroundListener: PlaygroundListener, FeedListener {
    func feedDidShowLatest() {}
}
