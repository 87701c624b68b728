import AppInterface
import Core

/// One change a deep link makes, such as `select the feed tab`: a link is a chain of them, decided once by
/// ``LinkRules`` and taken in order, each at its turn in the routing queue, and the chain stops at the first step
/// that is refused, with that step's reason.
package struct LinkStep: CustomStringConvertible {
    /// What the step does, for example `show the post 2 in the feed`.
    package let description: String
    /// The change; it throws why it cannot be made, before changing anything.
    let change: @MainActor () throws(UserFacingError) -> Void

    /// A step that makes `change`, described as `description`.
    init(_ description: String, _ change: @escaping @MainActor () throws(UserFacingError) -> Void) {
        self.description = description
        self.change = change
    }
}

extension AppCoordinator {
    /// The chain of steps that follows `link` from where the person is now: the decision of ``LinkRules``, then
    /// each change it makes, in order (a route in Main is Main's steps, ``MainCoordinator/steps(to:)``).
    ///
    /// - Throws: ``UserFacingError`` when the rules refuse the link (already logged in, a sign-up in the way).
    package func linkSteps(for link: DeepLink) throws(UserFacingError) -> [LinkStep] {
        switch LinkRules.decide(
            link, isLoggedIn: user != nil, isMainShown: main != nil, isSignUpOnScreen: isSignUpOnScreen)
        {
        case .route:
            return main?.steps(to: link) ?? []
        case .wait(let showsLogin):
            return [
                LinkStep("remember \(link.url) until Main shows") { [weak self] in
                    self?.pendingLink = link
                    if showsLogin { self?.showLoginOnTop() }
                }
            ]
        case .showSignUp:
            return [
                LinkStep("present sign-up") { [weak self] in
                    if self?.isSignUpOnScreen == false { self?.presentSignUp() }
                }
            ]
        case .showLogin:
            return [
                LinkStep("show Login") { [weak self] in
                    self?.pendingLink = nil
                    self?.showLoginOnTop()
                }
            ]
        case .refuse(let error):
            throw error
        }
    }

    /// Follows `link` as one chain of `try await`: each step at its turn in the routing queue, resuming once the
    /// screens it moved have stopped, the first refusal thrown. Returns what the app could not do meanwhile, as
    /// ``carryOut(_:)`` does, and reads the badge again after it.
    ///
    /// - Throws: ``UserFacingError`` for the rules' refusal or the first step refused; the steps after it are never
    ///   taken.
    package func follow(_ link: DeepLink) async throws(UserFacingError) -> AppFailure? {
        try await failures.collect { () async throws(UserFacingError) in
            for step in try linkSteps(for: link) {
                try await take(step)
            }
            main?.refreshBadges()
        }
    }

    /// Takes `step` at its turn in the routing queue, and resumes once what it moved has stopped.
    private func take(_ step: LinkStep) async throws(UserFacingError) {
        // A held gesture is the person's: the step is not queued behind it (the input would wait for a release that
        // only a later input makes), and the screens refuse it as they refuse any change then. Screens that still
        // move are waited for.
        guard !window.transitionsInFlight.contains(where: \.isHeld) else { return try step.change() }
        do {
            try await route { try step.change() }
        } catch {
            throw Self.refusal(error)
        }
    }

    /// Follows `link` with the same chain in the routing queue's completion form: on the immediate clock every step
    /// applies at once, so the chain has ended when this returns (the explorer and restoration follow links so).
    ///
    /// - Throws: ``UserFacingError`` for the rules' refusal or the first step refused; nothing after it changed.
    package func open(_ link: DeepLink) throws(UserFacingError) {
        try follow(linkSteps(for: link))
    }

    /// Takes `steps` in order through the routing queue's completion form, stopping at the first refusal.
    ///
    /// - Throws: the first refusal; ``UserFacingError`` saying the screens are moving when a step must wait for
    ///   them (a clock that animates), as a direct change would be refused then.
    func follow(_ steps: [LinkStep]) throws(UserFacingError) {
        for step in steps {
            guard window.isIdle else {
                try step.change()
                continue
            }
            var outcome: RoutingOutcome?
            route({ try step.change() }, completion: { outcome = $0 })
            switch outcome {
            case .applied: continue
            case .refused(let error): throw Self.refusal(error)
            case .dropped: throw Self.refusal(.dropped)
            case nil: throw UserFacingError(description: "\(step.description) waits for the screens to stop moving")
            }
        }
    }

    /// The sentence a refused step says: the step's own reason, as the person reads it.
    private static func refusal(_ error: RoutingError) -> UserFacingError {
        switch error {
        case .other(let reason): UserFacingError(description: reason)
        default: UserFacingError(description: error.description)
        }
    }
}
