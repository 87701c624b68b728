// The rules every screen that holds children shares: the navigation controller, the container and the tab bar.
extension ViewController {
    /// Checks that `screens` may become this screen's children (a stack, a
    /// container's or a tab bar's children) and returns their identities.
    /// Screens already its children may stay; the others must not be shown
    /// anywhere else nor contain this screen, and none may present a screen.
    ///
    /// The one rule for every screen that holds children, so the navigation
    /// controller, the container and the tab bar refuse alike.
    func checkNewChildren(
        _ screens: [ViewController], allowingNavigationControllers: Bool
    ) throws(NavigationError) -> Set<ObjectIdentifier> {
        var seen = Set<ObjectIdentifier>()
        for screen in screens {
            guard seen.insert(ObjectIdentifier(screen)).inserted else { throw .duplicateScreen }
            guard allowingNavigationControllers || !(screen is NavigationController) else {
                throw .cannotPushNavigationController
            }
            guard screen.parent === self || !screen.isInHierarchy && !screen.isAncestor(orSelfOf: self) else {
                throw .alreadyInHierarchy
            }
            guard screen.presentedStorage == nil else { throw .presentsAnotherScreen }
        }
        return seen
    }

    /// Makes `screens` this screen's children in place of `previous`: the
    /// screens of `previous` that are not in `kept` lose their parent. Call it
    /// inside a transaction, after ``checkNewChildren(_:allowingNavigationControllers:)``.
    func adoptChildren(_ screens: [ViewController], replacing previous: [ViewController], kept: Set<ObjectIdentifier>) {
        for screen in previous where !kept.contains(ObjectIdentifier(screen)) {
            screen.parentStorage.wrappedValue = nil
        }
        for screen in screens {
            screen.parentStorage.wrappedValue = self
        }
    }

    /// The first of `screens`, or of the screens they contain (visible or
    /// hidden, as a tab that is not selected), that refuses the person's back;
    /// it is told through ``didAttemptUserBack()``. `nil` when none refuses.
    ///
    /// The one rule for every removal the person asks for in a stack: the back
    /// button, the swipe back and the re-tap of a selected tab.
    static func screenRefusingBack(among screens: [ViewController]) -> ViewController? {
        var subtree: [ViewController] = []
        for screen in screens {
            screen.appendContained(to: &subtree)
        }
        guard let refusing = subtree.first(where: \.isModalInNavigation) else { return nil }
        refusing.didAttemptUserBack()
        return refusing
    }

    /// Appends this screen and every screen it contains, depth first, but not
    /// what they present.
    private func appendContained(to screens: inout [ViewController]) {
        screens.append(self)
        for child in containedViewControllers {
            child.appendContained(to: &screens)
        }
    }
}
