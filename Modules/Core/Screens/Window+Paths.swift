extension Window {
    /// Applies one planned step (see ``NavigationPlan``) to this window's
    /// screens, with UIKit's calls: `dismiss` from the presenter that keeps
    /// its place, `pop(to:)`, `push` (one screen) or `setStack` (screens
    /// pushed together, and set-all), `present` from the screen on top, and
    /// `selectTab` on a root tab bar. New places get their screens from
    /// `screen`.
    ///
    /// A ``SplitViewController`` is the one stack ``NavigationPath`` reads:
    /// collapsed, its primary column's stack; expanded, its primary column's
    /// screens followed by its secondary column's. Expanded, new screens go to
    /// the secondary column (a push into an empty one shows them at once, as
    /// ``SplitViewController/showDetail(_:animated:completion:)`` does), a
    /// pop that keeps only the primary column's screens closes the secondary
    /// column, and a pop below them pops the primary column too. A set-all
    /// replaces the secondary column with what it keeps of the item followed
    /// by the new places (closing it when that is nothing), and when it keeps
    /// fewer screens than the primary column holds, it pops the primary
    /// column back to them too. An expanded split refuses a pop or a set-all
    /// while either column moves (``NavigationError/transitionInProgress``),
    /// before anything changes.
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
                try stackOnTop(holding: keeping).pop(keeping: keeping, animated: animated)
            case .push(let places):
                let stack = try stackOnTop(holding: 0)
                try stack.push(places.map(screen), animated: animated)
            case .setStack(let keeping, let places):
                let stack = try stackOnTop(holding: keeping)
                try stack.replace(keeping: keeping, with: places.map(screen), animated: animated)
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
    private func stackOnTop(holding pushed: Int) throws(NavigationError) -> OneStack {
        guard let layer = presentedViewControllers.last ?? rootViewController,
            let top = NavigationPath.topStack(in: layer)
        else { throw .noNavigationController }
        let stack: OneStack
        if let split = top as? SplitViewController, !split.isCollapsed {
            stack = .expandedSplit(split)
        } else if let split = top as? SplitViewController {
            stack = .navigation(split.primaryNavigation)
        } else if let navigation = top as? NavigationController {
            stack = .navigation(navigation)
        } else {
            throw .noNavigationController
        }
        guard pushed >= 0, stack.pushedCount >= pushed else { throw .indexOutOfRange }
        return stack
    }
}

/// The stack a planned step changes: a navigation controller (a collapsed
/// split's is its primary column's), or an expanded split, whose one stack is
/// its primary column's screens followed by its secondary column's.
@MainActor
private enum OneStack {
    case navigation(NavigationController)
    case expandedSplit(SplitViewController)

    /// The screens above the root.
    var pushedCount: Int {
        switch self {
        case .navigation(let navigation): navigation.viewControllers.count - 1
        case .expandedSplit(let split):
            split.primaryNavigation.viewControllers.count - 1 + split.secondaryNavigation.viewControllers.count
        }
    }

    /// Pops until `keeping` pushed screens are left. An expanded split keeps
    /// the primary column's screens first: it closes its secondary column when
    /// the kept screens are all the primary's, and pops the primary column
    /// when fewer are kept.
    func pop(keeping: Int, animated: Bool) throws(NavigationError) {
        switch self {
        case .navigation(let navigation):
            try navigation.pop(to: navigation.viewControllers[keeping], animated: animated)
        case .expandedSplit(let split):
            try refuseIfMoving(split)
            let primary = split.primaryNavigation.viewControllers
            let secondary = split.secondaryNavigation.viewControllers
            let inDetail = keeping - (primary.count - 1)
            if inDetail > 0 {
                try split.secondaryNavigation.pop(to: secondary[inDetail - 1], animated: animated)
                return
            }
            try split.closeDetail()
            if keeping < primary.count - 1 { try split.primaryNavigation.pop(to: primary[keeping], animated: animated) }
        }
    }

    /// Pushes `screens` together. An expanded split shows them in its
    /// secondary column, at once when the column was empty (as
    /// ``SplitViewController/showDetail(_:animated:completion:)`` does).
    func push(_ screens: [any ViewControllerable], animated: Bool) throws(NavigationError) {
        let navigation: NavigationController
        switch self {
        case .navigation(let stack): navigation = stack
        case .expandedSplit(let split):
            navigation = split.secondaryNavigation
            if navigation.viewControllers.isEmpty, !screens.isEmpty {
                try navigation.setStack(screens)
                return
            }
        }
        if screens.count == 1 {
            try navigation.push(screens[0], animated: animated)
        } else if !screens.isEmpty {
            try navigation.setStack(navigation.viewControllers + screens, animated: animated)
        }
    }

    /// Keeps the root and `keeping` pushed screens and puts `screens` above
    /// them in one change. An expanded split puts them in its secondary
    /// column; when it keeps fewer screens than the primary column holds, it
    /// also pops the primary column back to them.
    func replace(keeping: Int, with screens: [any ViewControllerable], animated: Bool) throws(NavigationError) {
        switch self {
        case .navigation(let navigation):
            try navigation.setStack(Array(navigation.viewControllers.prefix(keeping + 1)) + screens, animated: animated)
        case .expandedSplit(let split):
            try refuseIfMoving(split)
            let primary = split.primaryNavigation.viewControllers
            let inDetail = max(keeping - (primary.count - 1), 0)
            let detail = Array(split.secondaryNavigation.viewControllers.prefix(inDetail)) + screens
            if detail.isEmpty {
                try split.closeDetail()
            } else {
                try split.secondaryNavigation.setStack(detail, animated: animated && inDetail > 0)
            }
            if keeping < primary.count - 1 { try split.primaryNavigation.pop(to: primary[keeping], animated: animated) }
        }
    }

    /// Refuses before anything changes while either column moves.
    private func refuseIfMoving(_ split: SplitViewController) throws(NavigationError) {
        try split.primaryNavigation.refuseIfTransitioning(in: split.window)
        try split.secondaryNavigation.refuseIfTransitioning(in: split.window)
    }
}
