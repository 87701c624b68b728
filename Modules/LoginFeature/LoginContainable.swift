public import Core

/// Builds the log-in flow: the `login` screen, with sign-up as a way in for
/// people without an account.
///
/// A parent gets this builder through its own dependency, attaches the
/// returned coordinator and shows its `viewControllerable` as it chooses.
@MainActor
public protocol LoginContainable: Containable {
    /// Builds a log-in flow that reports to `listener`.
    ///
    /// The screen expects a navigation controller around it, because Login
    /// pushes sign-up onto it: push it onto one, or make it the root of one.
    func coordinator(listener: any LoginListener) -> any ViewableCoordinating
}
