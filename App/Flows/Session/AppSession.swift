package import Core

/// The running app as a front end drives it, written once for the line mode and the full screen: the start (the
/// first screen and the place restored), one command's effect with one result whatever failed, what to do after
/// each command (the place saved, the stop on damaged data), the reminder of a link waiting for a log-in, and the
/// question before leaving with unsaved work.
///
/// A front end reads and draws from ``snapshot()``, a value taken once per command, and sends input to the
/// window; it never holds the composition root or the data.
@MainActor
package final class AppSession {
    /// What happened to the start.
    package enum Start: Equatable {
        /// The first screen shows; `notice` is the one line saying why the place the person left could not be
        /// restored as it was, if it could not, and `linkFailure` why the link to open first could not be
        /// followed, if it could not.
        case started(notice: String?, linkFailure: String?)
        /// The first screen could not be shown, for this reason; the app ends.
        case failed(String)
    }

    /// What to do after a command has settled.
    package enum AfterCommand: Equatable {
        /// Go on; `notice` is the one line to show when the place could not be saved (told once, until a save
        /// works again).
        case goOn(notice: String?)
        /// Stop now with this data failure, before anything more is written over data that cannot be trusted.
        case stop(DataFailure)
    }

    /// The composed app.
    let root: CompositionRoot

    /// The session of the composed app `root`.
    package init(root: CompositionRoot) {
        self.root = root
    }

    /// The window everything is shown in, for input: a front end reads what it shows from ``snapshot()``.
    package var window: Window { root.window }

    /// What the window shows now, with the coordinator tree, as values: what a front end draws and reports.
    package func snapshot() -> ScreenSnapshot {
        ScreenSnapshot(window: root.window, coordinators: root.appCoordinator)
    }

    /// Performs action `id` on the live screen that `screen` was taken from, while it is on top: a numbered
    /// action reaches exactly the screen it was drawn beside.
    ///
    /// - Throws: ``Core/ScreenInputError/noScreen`` when that screen is no longer on top, or what the screen's
    ///   ``Core/ViewController/performAction(_:)`` throws.
    package func performAction(
        _ id: String, on screen: ScreenSnapshot.Screen
    ) throws(ScreenInputError)
        -> ActionOutcome
    {
        guard let live = root.window.screensOnTop.first(where: { ObjectIdentifier($0) == screen.identity }) else {
            throw .noScreen
        }
        return try live.performAction(id)
    }

    /// The logged-in person's display name, or `nil` when nobody is logged in.
    package var userDisplayName: String? { try? root.links.get().userDisplayName }

    /// Starts the app: its first screen, then, when `restores`, the place the person left, then `initialLink`
    /// (`--open`), if any.
    package func start(restores: Bool, initialLink: String?) -> Start {
        if let failure = root.appCoordinator.carryOut({ root.appCoordinator.start() }) {
            return .failed(failure.description)
        }
        let notice = restores ? root.restoration?.restore() : nil
        return .started(notice: notice, linkFailure: initialLink.flatMap(open))
    }

    /// Stops the app: the whole tree is torn down.
    package func stop() {
        root.appCoordinator.stop()
    }

    /// Carries out `change`, one command's effect, and returns why it failed, whatever failed: what it threw,
    /// what the app could not do meanwhile (a flow not shown, a log-out not saved), or the screen's refusal of the
    /// action, with the reason the screen shows; `nil` when it worked.
    package func carryOut<Failure: Error & CustomStringConvertible>(
        _ change: () throws(Failure) -> ActionOutcome
    ) -> String? {
        var answer = ActionOutcome.done
        do {
            if let failure = try root.appCoordinator.carryOut({ () throws(Failure) in answer = try change() }) {
                return failure.description
            }
        } catch {
            return error.description
        }
        if case .refused(let reason) = answer { return reason }
        return nil
    }

    /// Follows the link `text` (``DeepLink``) and returns why it could not, or `nil`.
    package func open(_ text: String) -> String? {
        let link: DeepLink
        do {
            link = try DeepLink.parse(text)
        } catch {
            return error.description
        }
        return carryOut { () throws(UserFacingError) in
            try root.links.get().open(link)
            return .done
        }
    }

    /// What to do now that a command has settled (and after the start): stop on damaged data, or save where the
    /// person is and go on.
    package func afterCommand() -> AfterCommand {
        if let failure = root.fatalDataFailure { return .stop(failure) }
        return .goOn(notice: root.restoration?.save())
    }

    /// The app's word above the screen: the link that waits for a log-in or the end of the onboarding tour, if
    /// any.
    package var notice: String? {
        guard let links = try? root.links.get(), let link = links.pendingLink else { return nil }
        return links.userDisplayName == nil
            ? "Log in or sign up to continue to \(link.url)."
            : "Finish or skip the tour to continue to \(link.url)."
    }
}
