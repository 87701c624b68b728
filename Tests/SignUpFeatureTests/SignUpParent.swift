import Core
import SignUpFeature

/// Plays the parent of the sign-up flow, as Login or the app would: it owns a
/// window whose root is a navigation controller, attaches SignUp through the
/// public builder, decides how to show it, and hides and detaches it when
/// SignUp reports.
@MainActor
final class SignUpParent: Coordinator, SignUpListener {
    /// How the parent shows SignUp's screen.
    enum Presentation {
        /// Pushed onto the parent's navigation controller.
        case pushed
        /// Wrapped in a navigation controller of its own, presented full screen.
        case presentedInNavigation
        /// Presented full screen with no navigation controller around it
        /// (a parent's mistake: SignUp cannot push its later steps).
        case presentedAlone
    }

    let window = Window()
    let navigation: NavigationController
    private let builder: any SignUpContainable
    private let presentation: Presentation
    /// The attached flow. Weak, so it is `nil` exactly when the flow was released.
    private(set) weak var signUp: (any ViewableCoordinating)?
    private(set) var sessions: [SignUpSession] = []
    private(set) var cancelCount = 0
    /// How many times the user's back gesture removed SignUp's screen and the
    /// runtime detached it for this parent.
    private(set) var signUpRemovedByUserCount = 0
    /// How many times the user's gestures removed another child.
    private(set) var otherChildRemovedByUserCount = 0
    private(set) var routingErrors: [String] = []

    convenience init(accounts: any SignUpAccountService, presentation: Presentation = .pushed) throws {
        try self.init(
            builder: SignUpContainer(dependency: FakeSignUpDependency(accounts: accounts)),
            presentation: presentation
        )
    }

    init(builder: any SignUpContainable, presentation: Presentation) throws {
        self.builder = builder
        navigation = try NavigationController(root: ViewController(screenID: "parent"))
        self.presentation = presentation
        super.init()
        try window.setRootViewController(navigation)
    }

    /// Builds SignUp, attaches it and shows it.
    func showSignUp() throws {
        let child = builder.coordinator(listener: self)
        try addChild(child)
        switch presentation {
        case .pushed:
            try navigation.push(child.viewControllerable)
        case .presentedInNavigation:
            let wrapper = try NavigationController(root: child.viewControllerable, screenID: "signup.navigation")
            try navigation.present(wrapper, style: .fullScreen)
        case .presentedAlone:
            try navigation.present(child.viewControllerable, style: .fullScreen)
        }
        signUp = child
    }

    func signUpDidFinish(_ session: SignUpSession) {
        sessions.append(session)
        hideSignUp()
    }

    func signUpDidCancel() {
        cancelCount += 1
        hideSignUp()
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === signUp {
            signUpRemovedByUserCount += 1
        } else {
            otherChildRemovedByUserCount += 1
        }
    }

    private func hideSignUp() {
        guard let signUp else { return }
        do {
            switch presentation {
            case .pushed: try navigation.popToRoot()
            case .presentedInNavigation, .presentedAlone: try navigation.dismiss()
            }
            try removeChild(signUp)
        } catch {
            routingErrors.append("\(error)")
        }
    }
}
