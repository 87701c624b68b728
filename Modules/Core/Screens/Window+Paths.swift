extension Window {
    /// Applies one planned step (see ``NavigationPlan``) to this window's
    /// screens, with UIKit's calls: `dismiss` from the presenter that keeps
    /// its place, `pop(to:)`, `push` (one screen) or `setStack` (screens
    /// pushed together, and set-all), `present` from the screen on top, and
    /// `selectTab` on a root tab bar. New places get their screens from
    /// `screen`.
    ///
    /// Call it at a routing turn (inside ``Coordinator/route(_:completion:)``
    /// or ``Coordinator/follow(_:applying:)``), as any routing.
    ///
    /// - Throws: the ``NavigationError`` a call refused with, as
    ///   ``RoutingError/navigation(_:)`` (then nothing changed):
    ///   ``NavigationError/nothingToDismiss`` when fewer presentations show than
    ///   a dismissal keeps, ``NavigationError/noNavigationController`` when the
    ///   layer on top has no stack, ``NavigationError/indexOutOfRange`` when it
    ///   holds fewer pushed screens than a step keeps,
    ///   ``NavigationError/noTabBar`` when the root is no tab bar; or what
    ///   `screen` threw.
    public func apply(
        _ step: NavigationStep, animated: Bool = false,
        screen: (String) throws -> any ViewControllerable
    ) throws(RoutingError) {
        do {
            switch step {
            case .dismiss(let keeping):
                let presented = presentedViewControllers
                guard keeping >= 0, keeping < presented.count, let root = rootViewController else {
                    throw NavigationError.nothingToDismiss
                }
                try (keeping == 0 ? root : presented[keeping - 1]).dismiss(animated: animated)
            case .selectTab(let id):
                guard let tabBar = rootViewController as? TabBarController else { throw NavigationError.noTabBar }
                try tabBar.selectTab(id)
            case .popTo(let keeping):
                let stack = try stackOnTop(holding: keeping)
                try stack.pop(to: stack.viewControllers[keeping], animated: animated)
            case .push(let places):
                let stack = try stackOnTop(holding: 0)
                let screens = try places.map(screen)
                if screens.count == 1 {
                    try stack.push(screens[0], animated: animated)
                } else if !screens.isEmpty {
                    try stack.setStack(stack.viewControllers + screens, animated: animated)
                }
            case .setStack(let keeping, let places):
                let stack = try stackOnTop(holding: keeping)
                let screens = try places.map(screen)
                try stack.setStack(Array(stack.viewControllers.prefix(keeping + 1)) + screens, animated: animated)
            case .present(let place, let style):
                guard let presenter = topViewController else { throw NavigationError.noRootViewController }
                try presenter.present(screen(place), style: style, animated: animated)
            }
        } catch {
            throw RoutingError(error)
        }
    }

    /// The stack of the layer on top, holding at least `pushed` screens above
    /// its root.
    private func stackOnTop(holding pushed: Int) throws(NavigationError) -> NavigationController {
        guard let layer = presentedViewControllers.last ?? rootViewController,
            let stack = NavigationPath.topStack(in: layer)
        else { throw .noNavigationController }
        guard pushed >= 0, stack.viewControllers.count > pushed else { throw .indexOutOfRange }
        return stack
    }
}
