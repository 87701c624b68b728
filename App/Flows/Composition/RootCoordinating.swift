package import AppInterface
package import Core

/// The root of the coordinator tree that the session drives: the whole app (``AppCoordinator``) or one feature
/// hosted alone by a stand-in parent (``PlaygroundCoordinator``). The session asks it only what this protocol
/// says, so both run the same command loop; links and log-ins are the whole app's (``LinkRouting``).
@MainActor
package protocol RootCoordinating: Coordinator {
    /// Runs `command` (one command's effect) and returns what the root could not do while it ran, if anything:
    /// a flow it could not show, a change it could not save. What `command` throws is rethrown.
    func carryOut<Failure: Error>(_ command: () throws(Failure) -> Void) throws(Failure) -> AppFailure?

    /// The work that leaving now would lose, as the features on screen tell it, or `nil`.
    var unsavedWork: UnsavedWork? { get }

    /// Starts the root as a front end does before it draws anything: what shows until ``endStart()`` (the first
    /// flow, the restored place, the link the app was opened with) is not yet seen.
    func beginStart()

    /// The start is over: what shows now is what the person sees first.
    func endStart()

    /// What the root has to tell once the command (or the refresh) has run, once: a change it followed that the
    /// person did not make here, such as a log-out in another process; `nil` when there is none.
    func takeNotice() -> String?
}

/// A root that follows links and knows who is logged in: the whole app, never a playground.
@MainActor
package protocol LinkRouting: AnyObject {
    /// The protected link waiting for a log-in, shown as a reminder above the screen; `nil` when none waits.
    var pendingLink: DeepLink? { get }

    /// The logged-in person's display name as stored now, or `nil` when nobody is logged in.
    var userDisplayName: String? { get }

    /// Whether someone is logged in; cheaper than ``userDisplayName``, which reads the stored name.
    var isLoggedIn: Bool { get }

    /// The steps that follow `link` from where the person is now, in order.
    ///
    /// - Throws: ``UserFacingError`` when the app's rules refuse the link now; nothing changed then.
    func linkSteps(for link: DeepLink) throws(UserFacingError) -> [LinkStep]

    /// Follows `link` as one chain of `try await`, each step resuming once the screens it moved have stopped, and
    /// returns what the app could not do meanwhile.
    ///
    /// - Throws: ``UserFacingError`` for the first refusal (the rules', or a step's); the steps after it are not
    ///   taken.
    func follow(_ link: DeepLink) async throws(UserFacingError) -> AppFailure?

    /// Follows `link` with the same steps in the routing queue's completion form: on the immediate clock the chain
    /// has ended when this returns.
    ///
    /// - Throws: ``UserFacingError`` for the first refusal; the steps after it are not taken.
    func open(_ link: DeepLink) throws(UserFacingError)
}
