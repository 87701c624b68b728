public import Core

// The builder roles of the sign-up flow: what it needs (`SignUpDependency`),
// what it reports (`SignUpListener`) and how a parent builds it
// (`SignUpContainable`, `SignUpContainer`).

/// What the sign-up flow needs from the app.
@MainActor
public protocol SignUpDependency {
    /// Checks and creates accounts.
    var accounts: any SignUpAccountService { get }
}

/// What the sign-up flow tells the parent that shows it.
///
/// The parent hides the flow and detaches it in both cases; the flow never
/// hides itself. When the user's back gesture removes the first step, the
/// runtime detaches the flow and the parent learns it through
/// `userDidRemove(_:)` instead.
@MainActor
public protocol SignUpListener: AnyObject {
    /// The account was created and its session opened.
    func signUpDidFinish(_ session: SignUpSession)

    /// The user cancelled at some step.
    func signUpDidCancel()
}

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

    /// Builds a sign-up flow that ends once, with a ``SignUpOutcome``: its
    /// parent awaits it with `outcome(of:)` instead of being its listener,
    /// then hides and detaches it.
    ///
    /// ```swift
    /// let signUp = signUpBuilder.coordinator()
    /// try await addChild(signUp) { try self.presenter.present(NavigationController(root: $0), style: .fullScreen) }
    /// if case .finished(.account(let session)) = try await outcome(of: signUp) { logIn(session) }
    /// ```
    ///
    /// The screen expects a navigation controller around it, as for
    /// ``coordinator(listener:)``.
    func coordinator() -> any ViewableCoordinating & OneShotCoordinating<SignUpOutcome>
}

/// How a sign-up that a parent awaits ended.
public enum SignUpOutcome: Equatable, Sendable {
    /// The account was created and its session opened.
    case account(SignUpSession)
    /// The person cancelled at some step.
    case cancelled
}

/// The builder of the sign-up flow; the app composes it with the live account
/// service and hands it to the features that offer sign-up.
@MainActor
public final class SignUpContainer: Container<any SignUpDependency>, SignUpContainable {
    /// Creates a builder that builds flows with `dependency`.
    public override init(dependency: any SignUpDependency) {
        super.init(dependency: dependency)
    }

    /// Builds a sign-up flow whose first screen is `signup.email`; the flow
    /// holds `listener` weakly.
    public func coordinator(listener: any SignUpListener) -> any ViewableCoordinating {
        let coordinator = SignUpStepCoordinator.flow(accounts: dependency.accounts)
        coordinator.listener = listener
        return coordinator
    }

    /// Builds a sign-up flow whose first screen is `signup.email` and that
    /// finishes with its ``SignUpOutcome``.
    public func coordinator() -> any ViewableCoordinating & OneShotCoordinating<SignUpOutcome> {
        SignUpStepCoordinator.flow(accounts: dependency.accounts)
    }
}
