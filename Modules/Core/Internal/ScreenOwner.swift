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
    ///
    /// `depths` keeps the depths found so far, by identity, for the owners and
    /// their ancestors: the owners of one removal usually nest (a stack of
    /// screens whose coordinators each attached the next), and each owner then
    /// stops at its parent's known depth instead of walking to the root.
    func ownerDepth(rememberingIn depths: inout [ObjectIdentifier: Int]) -> Int

    /// The person removed the owned screen (back, swipe back, swipe down).
    /// Called once per removal, before the callbacks that complete it.
    func personRemovedOwnedScreen()
}

extension ViewableCoordinator: ScreenOwner {
    func ownerDepth(rememberingIn depths: inout [ObjectIdentifier: Int]) -> Int {
        depth(rememberingIn: &depths)
    }

    func personRemovedOwnedScreen() {
        detachAfterUserNavigation()
    }
}
