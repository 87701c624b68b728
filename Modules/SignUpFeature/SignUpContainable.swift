public import Core

/// Builds the sign-up flow: email, then password, then display name.
///
/// A parent gets this builder through its own dependency, builds the flow with
/// ``coordinator(listener:)``, attaches the returned coordinator and shows its
/// `viewControllerable` as it chooses.
@MainActor
public protocol SignUpContainable: Containable {
    /// Builds a sign-up flow that reports to `listener`.
    ///
    /// The screen expects a navigation controller around it, because SignUp
    /// pushes its later steps onto it: push it onto one, or wrap it in a
    /// `NavigationController` before presenting it.
    func coordinator(listener: any SignUpListener) -> any ViewableCoordinating
}
