import Core

/// The root of the coordinator tree that the terminal drives: the whole app (``AppCoordinator``) or one feature
/// hosted alone by a stand-in parent (``PlaygroundCoordinator``). The terminal asks it only what this protocol
/// says, so both run the same command loop.
@MainActor
protocol RootCoordinating: Coordinator {
    /// The protected link waiting for a log-in, shown as a reminder above the screen; `nil` when none waits.
    var pendingLink: DeepLink? { get }

    /// A failure that happened outside a command's direct call; the terminal reports it once and clears it.
    var pendingFailure: String? { get set }

    /// The logged-in person's display name, or `nil` when nobody is logged in.
    var userDisplayName: String? { get }

    /// Follows `link`.
    ///
    /// - Throws: ``UserFacingError`` when the link cannot be followed now; nothing changed then.
    func open(_ link: DeepLink) throws(UserFacingError)
}
