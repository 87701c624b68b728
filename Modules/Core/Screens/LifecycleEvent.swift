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
