public import Core

/// Records every navigation event of a window, for tests that assert the
/// order of pushes, presentations and lifecycle callbacks.
///
/// ```swift
/// let recorder = NavigationRecorder(window: window)
/// try window.rootViewController?.push(detail)
/// #expect(recorder.lifecycle == ["viewWillDisappear list", "viewWillAppear detail", …])
/// ```
@MainActor
public final class NavigationRecorder {
    /// Every event so far, in order.
    public private(set) var events: [NavigationEvent] = []

    @Weak private var window: Window?
    private var observerID: Window.ObserverID?

    /// Starts recording the events of `window`.
    public init(window: Window) {
        self.window = window
        observerID = window.addObserver { [weak self] event in
            self?.events.append(event)
        }
    }

    isolated deinit {
        if let observerID { window?.removeObserver(observerID) }
    }

    /// The lifecycle events only, as text such as `"viewDidAppear login"`.
    public var lifecycle: [String] {
        events.compactMap { event in
            if case .lifecycle = event { event.description } else { nil }
        }
    }

    /// The routing events only (everything but lifecycle), as text such as
    /// `"push signup.email"`.
    public var routing: [String] {
        events.compactMap { event in
            if case .lifecycle = event { nil } else { event.description }
        }
    }

    /// Forgets what was recorded so far.
    public func reset() {
        events.removeAll()
    }
}
