/// Where a screen is in its appear and disappear cycle.
public enum AppearanceState: String, Sendable {
    /// Not on screen, and not on its way there.
    case disappeared
    /// Got `viewWillAppear`, not yet `viewDidAppear`.
    case appearing
    /// On screen.
    case appeared
    /// Got `viewWillDisappear`, not yet `viewDidDisappear`.
    case disappearing
}

/// One lifecycle callback delivered to a screen.
public enum LifecycleEvent: String, Sendable, CaseIterable {
    /// The screen loaded its view, once in its life.
    case viewDidLoad
    /// The screen is about to appear.
    case viewWillAppear
    /// The screen appeared.
    case viewDidAppear
    /// The screen is about to disappear.
    case viewWillDisappear
    /// The screen disappeared.
    case viewDidDisappear
}
