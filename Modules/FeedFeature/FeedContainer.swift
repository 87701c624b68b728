public import Core

/// The builder of the feed; the app composes it with the live post service
/// and clock.
@MainActor
public final class FeedContainer: Container<any FeedDependency>, FeedContainable {
    /// Creates a builder that builds feeds with `dependency`.
    public override init(dependency: any FeedDependency) {
        super.init(dependency: dependency)
    }

    /// Builds a feed for `user` whose screen is `feed`; the feed holds
    /// `listener` weakly. Its segments are attached when it starts.
    public func coordinator(listener: any FeedListener, user: FeedUser) -> any FeedCoordinating {
        let coordinator = FeedCoordinator(screen: FeedViewController(), dependency: dependency, user: user)
        coordinator.listener = listener
        return coordinator
    }
}
