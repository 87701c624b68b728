import AppData
import FoundationEssentials
import SignUpFeature

extension FeaturePlayground {
    /// SignUp over accounts kept in memory.
    static let signUp = FeaturePlayground(
        name: "SignUp",
        summary: "Create an account; demo@example.com is taken already."
    ) { parent in
        let data = InMemoryDataStore(now: { [weak parent] in parent?.now ?? Date() })
        let builder = SignUpContainer(dependency: SignUpServices(accounts: DataAccountService(data: data)))
        let listener = SignUpPlaygroundListener(parent: parent)
        // SignUp on screen is a sign-up in progress.
        return Hosted(coordinator: builder.coordinator(listener: listener), listener: listener) { .signUp }
    }
}

/// Forwards what SignUp tells its parent to the playground.
@MainActor
private final class SignUpPlaygroundListener: PlaygroundListener, SignUpListener {
    func signUpDidFinish(_ session: SignUpSession) {
        finish("signUpDidFinish(\(session.displayName), \(session.email))")
    }

    func signUpDidCancel() {
        finish("signUpDidCancel()")
    }
}
