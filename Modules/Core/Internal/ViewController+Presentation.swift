// How a screen presents and dismisses: the machinery behind the routing methods of `ViewControllerable`.
extension ViewController {
    /// Refuses routing that involves this screen while a transition keeps it
    /// (see ``transitionLockCount``) or while an interactive gesture is held in
    /// its window.
    func refuseIfTransitioning() throws(NavigationError) {
        try refuseIfTransitioning(in: window)
    }

    /// ``refuseIfTransitioning()`` for a screen whose window the caller knows.
    func refuseIfTransitioning(in window: Window?) throws(NavigationError) {
        if transitionLockCount > 0 || window?.heldGesture != nil { throw .transitionInProgress }
    }

    func presentScreen(
        _ screen: ViewController,
        style: PresentationStyle,
        animated: Bool,
        completion: (@MainActor () -> Void)?
    ) throws(NavigationError) {
        let context = containmentRoot
        try refuseIfTransitioning()
        try context.refuseIfTransitioning()
        guard context.presentedStorage == nil else { throw .alreadyPresenting }
        guard !screen.isInHierarchy, !screen.isAncestor(orSelfOf: context) else { throw .alreadyInHierarchy }
        let window = context.window
        Transaction.run(touching: window) {
            context.presentedStorage = screen
            screen.presentingStorage.wrappedValue = context
            screen.modalPresentationStyle = style
            window?.emit(.present(screen.screenID, style))
            Window.finishChange(in: window, animated: animated, completion: completion) {
                $0.lock(context)
                $0.lock(screen)
            }
        }
    }

    func dismissScreens(animated: Bool, completion: (@MainActor () -> Void)?) throws(NavigationError) {
        let context = containmentRoot
        let presenter: ViewController
        if context.presentedStorage != nil {
            presenter = context
        } else if let presenting = context.presentingViewController {
            presenter = presenting
        } else {
            throw .nothingToDismiss
        }
        try presenter.refuseIfTransitioning()
        try presenter.presentedStorage?.refuseIfTransitioning()
        let window = presenter.window
        Transaction.run(touching: window) {
            let chain = presenter.dismissPresentedChain()
            Window.finishChange(in: window, animated: animated, completion: completion) { transition in
                transition.lock(presenter)
                for screen in chain { transition.lock(screen) }
            }
        }
    }

    /// Removes every screen presented above this context and returns them,
    /// top first. `self` must be a containment root that presents something.
    @discardableResult
    func dismissPresentedChain() -> [ViewController] {
        var chain: [ViewController] = []
        var next = presentedStorage
        while let current = next {
            chain.append(current)
            next = current.presentedStorage
        }
        chain.reverse()
        let window = self.window
        Transaction.run(touching: window) {
            presentedStorage = nil
            for screen in chain {
                screen.presentingStorage.wrappedValue = nil
                screen.presentedStorage = nil
            }
            window?.emit(.dismiss(chain.map(\.screenID)))
        }
        return chain
    }

    /// Appends this screen and everything it contains or presents, depth first.
    func appendSubtree(to screens: inout [ViewController]) {
        screens.append(self)
        for child in containedViewControllers {
            child.appendSubtree(to: &screens)
        }
        presentedStorage?.appendSubtree(to: &screens)
    }
}
