import Core
import SignUpFeature

/// Sign-up presented full screen for `app://signup`, over Login, in a navigation controller of its own (its later
/// steps are pushed onto it): a one-shot child built by the same builder Login pushes it with, whose outcome (an
/// account, or cancelled) the parent awaits with ``Coordinator/outcome(of:completion:)`` rather than being its
/// listener. It keeps the presented child, so the app can tell a sign-up on screen, dismiss it, and forget it when
/// the person closed it.
@MainActor
final class SignUpPresentation {
    private let builder: any SignUpContainable
    /// The presented sign-up's coordinator, while it is presented.
    private(set) var coordinator: (any ViewableCoordinating & OneShotCoordinating<SignUpOutcome>)?

    /// A presentation of the sign-ups `builder` builds.
    init(builder: any SignUpContainable) {
        self.builder = builder
    }

    /// Whether a sign-up is presented.
    var isPresented: Bool { coordinator != nil }

    /// Builds a sign-up, attaches it to `parent` and presents it full screen from `presenter`, then awaits its
    /// outcome under `parent`: `ended` hears the value it finished with, inside the call that finished it, unless
    /// the sign-up was dismissed or forgotten first. Does nothing while one is presented.
    ///
    /// - Throws: why it cannot be attached or presented; nothing is left attached then.
    func present(
        from presenter: ViewController, under parent: Coordinator,
        ended: @escaping @MainActor (SignUpOutcome) -> Void
    ) throws(RoutingError) {
        guard coordinator == nil else { return }
        let signUp = builder.coordinator()
        try parent.addChild(signUp) { screen in
            let navigation = try NavigationController(root: screen, screenID: "signup.navigation")
            try presenter.present(navigation, style: .fullScreen)
        }
        coordinator = signUp
        // Heard inside the call that ends the sign-up's run (its last tap), so the command that finished it shows
        // where it leads. A sign-up dismissed or forgotten first is no longer this presentation's: its end changes
        // nothing.
        try? parent.outcome(of: signUp) { [weak self, weak signUp] outcome in
            guard let self, let signUp, self.coordinator === signUp else { return }
            if case .finished(let value) = outcome {
                ended(value)
            } else {
                self.coordinator = nil
            }
        }
    }

    /// Dismisses the presented sign-up from `presenter` and detaches it from `parent`, if one is presented.
    func dismiss(from presenter: ViewController?, under parent: Coordinator) {
        guard let signUp = coordinator else { return }
        coordinator = nil
        try? presenter?.dismiss()
        try? parent.removeChild(signUp)
    }

    /// Forgets `child` when it is the presented sign-up, which the person closed (the tree already let it go).
    func forget(_ child: any Coordinating) {
        if child === coordinator { coordinator = nil }
    }
}
