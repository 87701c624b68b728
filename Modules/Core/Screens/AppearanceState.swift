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
