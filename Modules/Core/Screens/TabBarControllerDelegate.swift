/// Whoever decides about the person's taps on a tab bar and hears of them:
/// the stand-in for `UITabBarControllerDelegate`, usually the coordinator that
/// shows the tab bar.
///
/// Both methods have defaults: every tap goes through, and nothing is heard.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Decides about the person's tap on the tab `item`, before anything
    /// changes: let it through, refuse it, or handle it otherwise (for example
    /// present a compose sheet and keep the selection). Asked for a re-tap of
    /// the selected tab too, as in UIKit. The default lets every tap through.
    func tabBarController(
        _ tabBarController: TabBarController, shouldSelect item: TabBarItem
    ) -> TabBarController.TapDecision

    /// The person's tap on the tab `item` went through: the tab is selected,
    /// or, tapped again, its stack was popped to the root. Called once the
    /// change has settled; not called for a selection the app made itself
    /// with ``TabBarController/selectTab(_:completion:)``. The default does
    /// nothing.
    func tabBarController(_ tabBarController: TabBarController, didSelect item: TabBarItem)
}

extension TabBarControllerDelegate {
    /// Lets every tap through, as UIKit does without a delegate.
    public func tabBarController(
        _ tabBarController: TabBarController, shouldSelect item: TabBarItem
    ) -> TabBarController.TapDecision {
        .select
    }

    /// Hears nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect item: TabBarItem) {}
}
