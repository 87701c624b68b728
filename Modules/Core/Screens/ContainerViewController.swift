/// A screen that holds child screens and shows one at a time, such as a
/// screen with a segmented control. An app's tab bar is a
/// ``TabBarController``.
///
/// Subclass it to draw the surrounding content (the segmented control) and
/// call ``select(index:completion:)`` when the user switches.
/// Switching makes the old child disappear and the new one appear, in UIKit's
/// order, while the container itself stays on screen.
@MainActor
open class ContainerViewController: ViewController {
    /// The children, in display order. Checked for exclusive access by the compiler only, as a screen's hierarchy
    /// is.
    @exclusivity(unchecked)
    public private(set) var viewControllers: [ViewController] = []

    /// The index of the visible child, or `nil` when there are no children.
    @exclusivity(unchecked)
    public private(set) var selectedIndex: Int?

    /// The visible child.
    public var selectedViewController: ViewController? {
        guard let selectedIndex else { return nil }
        return viewControllers[selectedIndex]
    }

    override var containedViewControllers: [ViewController] { viewControllers }

    override var visibleChild: ViewController? { selectedViewController }

    /// Replaces the children and makes the one at `selectedIndex` visible.
    /// Children already in this container may be reused; the others must not
    /// be shown anywhere else. An empty array removes every child.
    ///
    /// - Throws: ``NavigationError/indexOutOfRange``,
    ///   ``NavigationError/duplicateScreen``, or
    ///   ``NavigationError/alreadyInHierarchy``,
    ///   ``NavigationError/presentsAnotherScreen``, or
    ///   ``NavigationError/transitionInProgress`` while an interactive gesture
    ///   is held in the window. A switch is instant, as a tab switch is.
    public final func setViewControllers(
        _ screens: [any ViewControllerable],
        selectedIndex: Int = 0,
        completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        let screens = screens.map(\.viewController)
        guard screens.isEmpty || screens.indices.contains(selectedIndex) else { throw .indexOutOfRange }
        let kept = try checkNewChildren(screens, allowingNavigationControllers: true)
        let window = self.window
        guard window?.heldGesture == nil else { throw .transitionInProgress }
        Transaction.run(touching: window) {
            adoptChildren(screens, replacing: viewControllers, kept: kept)
            viewControllers = screens
            self.selectedIndex = screens.isEmpty ? nil : selectedIndex
            if let selected = selectedViewController {
                window?.emit(.select(selected.screenID))
            }
            Transaction.enqueue(completion)
        }
    }

    /// Makes the child at `index` the visible one. Selecting the visible child
    /// again changes nothing but still calls the completion.
    ///
    /// - Throws: ``NavigationError/indexOutOfRange``, or
    ///   ``NavigationError/transitionInProgress`` while an interactive gesture
    ///   is held in the window.
    public final func select(index: Int, completion: (@MainActor () -> Void)? = nil) throws(NavigationError) {
        guard viewControllers.indices.contains(index) else { throw .indexOutOfRange }
        let window = self.window
        guard window?.heldGesture == nil else { throw .transitionInProgress }
        Transaction.run(touching: window) {
            if selectedIndex != index {
                selectedIndex = index
                window?.emit(.select(viewControllers[index].screenID))
            }
            Transaction.enqueue(completion)
        }
    }
}
