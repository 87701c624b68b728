/// The one hook between the two halves of Core: how the screens tell whoever
/// owns a screen that the person removed it.
///
/// The screen layer knows nothing else of coordinators. ``ViewableCoordinator``
/// implements this protocol: it detaches and stops itself, and tells its
/// parent through ``Coordinator/userDidRemove(_:)``.
@MainActor
protocol ScreenOwner: AnyObject {
    /// How deep the owner is in its own tree. Of the owners of one removal,
    /// the outermost hear first, so one that is inside another has already
    /// left with it when its turn comes.
    var ownerDepth: Int { get }

    /// The person removed the owned screen (back, swipe back, swipe down).
    /// Called once per removal, before the callbacks that complete it.
    func personRemovedOwnedScreen()
}

extension ViewableCoordinator: ScreenOwner {
    var ownerDepth: Int { depth }

    func personRemovedOwnedScreen() {
        detachAfterUserNavigation()
    }
}
