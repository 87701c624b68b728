public import Core

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
        let draft = SignUpDraft()
        let coordinator = SignUpCoordinator(
            screen: SignUpEmailViewController(draft: draft),
            draft: draft,
            accounts: dependency.accounts
        )
        coordinator.listener = listener
        return coordinator
    }
}
