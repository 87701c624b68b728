// Compiled with CleanFeature: a `package` declaration, visible to every target of the package, breaks [no-package].
import Core

/// Builds the Demo screen for any target of the package.
@MainActor package func makeDemoScreen() -> ViewController { DemoViewController() }
