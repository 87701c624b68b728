/// The window a routing request waits for: its coordinator's window, or none
/// when the coordinator shows nothing in any window (then the request waits
/// only for the requests of that kind asked before it).
@MainActor
struct RoutingLane {
    /// Held weakly: a request whose window went away goes ahead.
    @Weak var window: Window?

    /// Whether the window is idle (a lane without a window always is).
    var isIdle: Bool { window?.isIdle ?? true }

    /// Whether a request waiting in this lane keeps one in `other` from
    /// running before it.
    func holds(_ other: RoutingLane) -> Bool { window === other.window }
}

extension Coordinator {
    /// The line this coordinator's routing requests wait in: the window of
    /// its own screen, or else of its nearest ancestor's screen, or else of
    /// the first screen in a window among its descendants (a coordinator
    /// without a screen, such as an app's root, routes the window its
    /// children show in). A coordinator that shows nothing in any window
    /// waits for no window.
    var routingLane: RoutingLane {
        var current: Coordinator? = self
        while let coordinator = current {
            if let window = coordinator.ownWindow { return RoutingLane(window: window) }
            current = coordinator.parent
        }
        return RoutingLane(window: firstWindowAmongDescendants())
    }

    /// The window that shows this coordinator's own screen, if any.
    private var ownWindow: Window? { viewableScreen?.window }

    private func firstWindowAmongDescendants() -> Window? {
        for case let child? in childSlotList {
            if let window = child.ownWindow ?? child.firstWindowAmongDescendants() { return window }
        }
        return nil
    }
}
