// Compiled with CleanFeature: a feature that publishes a screen breaks [no-screen].
import Core

/// A detail screen of the Demo flow, published by mistake.
public final class DemoDetailViewController: ViewController {
    /// Creates the screen.
    public init() { super.init(screenID: "demo-detail") }
}
