import AppInterface
import Core

/// Carries out commands against the running app: one implementation for the interactive and the scripted mode.
@MainActor
final class CommandSession {
    /// What a command did.
    enum Outcome: Equatable {
        /// It worked; `output` is what it printed, if anything.
        case done(output: String?)
        /// It failed with this message; the state did not change (or shows the error inline).
        case failed(String)
        /// The person asked to leave.
        case quit
    }

    private let session: any AppSession
    private let renderer: ScreenRenderer
    private let readSecret: ((String) -> String?)?
    private let confirm: ((String) -> Bool)?

    /// Creates a command session over the app's `session`.
    ///
    /// - Parameters:
    ///   - readSecret: in the interactive mode, reads a secure field's value without echo, given the field's label
    ///     as a prompt, and returns `nil` when the person ended the input instead (Ctrl-D); `nil` in the scripted
    ///     mode, where `set <field>` without text is refused.
    ///   - confirm: in the interactive mode, asks the person an action's question (``Core/ScreenAction/confirmation``,
    ///     such as Profile's "Log out?") and returns whether they said yes; `nil` in the scripted mode, where a
    ///     script's line is its answer: the action is carried out as written.
    init(
        session: any AppSession, style: TextStyle, readSecret: ((String) -> String?)?,
        confirm: ((String) -> Bool)? = nil
    ) {
        self.session = session
        self.renderer = ScreenRenderer(style: style)
        self.readSecret = readSecret
        self.confirm = confirm
    }

    /// What a person at a terminal is told about the last command beyond the screen, or `nil`: a `release` that
    /// cancelled the swipe, which leaves the screen as it was, says so.
    private(set) var notice: String?

    /// While a swipe is held in `snapshot`, what it is and what `release` will do; `nil` otherwise. Both front
    /// ends show it.
    static func heldSwipeStatus(in snapshot: ScreenSnapshot) -> String? {
        guard let held = snapshot.heldTransition else { return nil }
        let gesture =
            switch held.kind {
            case .swipeDown: "Swipe down"
            case .swipePage: "Page swipe"
            default: "Swipe back"
            }
        let percent = Int((held.progress * 100).rounded())
        let release = held.progress >= 0.5 ? "release finishes it" : "release cancels it"
        return "\(gesture) held at \(percent)% · \(release) · state, tree, screen and help still work"
    }

    /// The screen as a person sees it, below a reminder of the link that waits for a log-in, if any.
    func renderScreen(_ snapshot: ScreenSnapshot) -> String {
        renderer.render(snapshot, notice: session.notice)
    }

    /// Why `command` cannot be carried out now, before anything is tried: a held swipe lets only ``release`` and
    /// the commands that look through. `nil` when it may be tried.
    func refusal(of command: Command) -> String? {
        refusal(of: command, in: session.snapshot())
    }

    private func refusal(of command: Command, in snapshot: ScreenSnapshot) -> String? {
        guard snapshot.heldTransition != nil, !command.isAllowedWhileGestureIsHeld else { return nil }
        return "a swipe is held; 'release' it first (state, tree, screen and help still work)"
    }

    /// Carries out `command`, after reading again what another process may have changed, so what it prints and
    /// shows is current.
    func execute(_ command: Command) async -> Outcome {
        notice = nil
        session.refresh()
        let snapshot = session.snapshot()
        if let refusal = refusal(of: command, in: snapshot) { return .failed(refusal) }
        switch command {
        case .action(let id):
            let isOffered = snapshot.screensOnTop.contains { screen in screen.content.actions.contains { $0.id == id } }
            guard isOffered else {
                if let fullScreenOnly = TerminalCommand(rawValue: id) {
                    return .failed(
                        "'\(fullScreenOnly.rawValue)' works in the full screen only, where it and F2 "
                            + fullScreenOnly.action)
                }
                return .failed("unknown command or action '\(TerminalText.quoted(id))' (type 'help')")
            }
            let action = snapshot.screensOnTop.reversed().lazy.compactMap { screen in
                screen.content.actions.first { $0.id == id }
            }.first
            if let declined = declined(action) { return declined }
            return await send(.action(id))
        case .actionNumber(let number):
            let actions = ScreenRenderer.numberedActions(in: snapshot)
            guard number >= 1, number <= actions.count else {
                return .failed("no action \(number) on this screen")
            }
            let numbered = actions[number - 1]
            if let declined = declined(numbered.screen.content.actions.first { $0.id == numbered.id }) {
                return declined
            }
            return await send(.actionOn(numbered.id, screen: numbered.screen))
        case .set(let field, let text):
            var value: String
            if let text {
                value = text
            } else if let readSecret {
                if let secure = secureField(field, in: snapshot) {
                    guard let typed = readSecret(secure.label) else {
                        return .done(output: "cancelled; \(TerminalText.quoted(field)) is unchanged\n")
                    }
                    value = typed
                } else {
                    value = ""
                }
            } else {
                return .failed("set \(field) needs text in a script")
            }
            if shownField(field, in: snapshot)?.isMultiline == true { value = Command.multilineText(value) }
            return await send(.setText(value, field: field))
        case .back:
            return explaining(await send(.gesture(.backButton)), .nothingToGoBack, in: snapshot)
        case .dismiss:
            return explaining(await send(.gesture(.swipeDown)), .dismissalRefused, .notSwipeDismissible, in: snapshot)
        case .page(let next):
            return await send(.gesture(next ? .swipeToNextPage : .swipeToPreviousPage))
        case .swipe(let gesture, let progress):
            let outcome = await send(.swipe(gesture, progress: progress))
            switch gesture {
            case .swipeBack: return explaining(outcome, .nothingToGoBack, in: snapshot)
            case .swipeDown: return explaining(outcome, .dismissalRefused, .notSwipeDismissible, in: snapshot)
            default: return outcome
            }
        case .release:
            let cancelled = snapshot.heldTransition.map { held in
                (
                    held.kind == .swipeDown ? "swipe down" : held.kind == .swipePage ? "page swipe" : "swipe back",
                    held.progress < 0.5
                )
            }
            let outcome = await send(.releaseGesture)
            if case .done = outcome, let (gesture, isCancelled) = cancelled, isCancelled {
                notice = "Released below half way: the \(gesture) was cancelled and nothing moved."
            }
            return outcome
        case .tab(let id):
            if case .tabBar(let items, _) = snapshot.tabBarOnTop?.kind, !items.contains(where: { $0.id == id }) {
                let ids = items.map(\.id).joined(separator: ", ")
                return .failed("no tab '\(TerminalText.quoted(id))' on this screen (tabs: \(ids))")
            }
            return await send(.tapTab(id))
        case .open(let text):
            return await session.open(text).map(Outcome.failed) ?? .done(output: nil)
        case .state:
            return .done(output: StateReport.json(snapshot, userDisplayName: session.userDisplayName) + "\n")
        case .tree:
            return .done(output: StateReport.tree(snapshot))
        case .screen:
            return .done(output: renderScreen(snapshot))
        case .help:
            return .done(output: helpText)
        case .quit:
            return .quit
        }
    }

    /// The widest line `help` writes: it fits an 80-column terminal without wrapping.
    static let helpWidth = 79

    /// The text of `help`, every line at most ``helpWidth`` characters: a meaning too long for its line goes on
    /// below its own column.
    var helpText: String {
        let column = (Command.summary.map(\.usage.count).max() ?? 0) + 4
        var lines = ["Commands:"]
        for entry in Command.summary {
            let lead = "  " + entry.usage + String(repeating: " ", count: column - 2 - entry.usage.count)
            lines += Self.wrapped(entry.meaning, first: lead, rest: String(repeating: " ", count: column))
        }
        lines += Self.wrapped("Deep links: " + session.linkPatterns.joined(separator: ", "), first: "", rest: "  ")
        lines += Self.wrapped(
            "Lines starting with # are comments. Type an action's number or its id.",
            first: "", rest: "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` cut at spaces into lines of at most ``helpWidth`` characters, the first after `first`, the others
    /// after `rest`.
    static func wrapped(_ text: String, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var line = first
        var isLineEmpty = true
        for word in text.split(separator: " ") {
            if !isLineEmpty, line.count + 1 + word.count > helpWidth {
                lines.append(line)
                line = rest
                isLineEmpty = true
            }
            line += (isLineEmpty ? "" : " ") + word
            isLineEmpty = false
        }
        lines.append(line)
        return lines
    }

    // MARK: - Helpers

    /// Sends `input` through the app's session: what the app refused, or could not do meanwhile, fails the
    /// command. A feature that refuses an action (a wrong password, a malformed email) says so with the reason its
    /// screen shows.
    private func send(_ input: SessionInput) async -> Outcome {
        await session.send(input).map(Outcome.failed) ?? .done(output: nil)
    }

    private func secureField(_ id: String, in snapshot: ScreenSnapshot) -> TextField? {
        shownField(id, in: snapshot).flatMap { $0.isSecure ? $0 : nil }
    }

    /// The field `id` a `set` types into: the innermost screen on top that shows one.
    private func shownField(_ id: String, in snapshot: ScreenSnapshot) -> TextField? {
        snapshot.screensOnTop.reversed().lazy.compactMap { screen in
            screen.content.fields.first { $0.id == id }
        }.first
    }

    /// What a command that would carry out `action` does instead when the person answers no to its question
    /// (``Core/ScreenAction/confirmation``): nothing changes, and the notice says so. `nil` when it goes ahead: the
    /// action asks nothing, the person said yes, or a script runs it (a script's line is its answer). A disabled
    /// action asks nothing: the screen refuses it as always.
    private func declined(_ action: ScreenAction?) -> Outcome? {
        guard let action, action.isEnabled, let question = action.confirmation, let confirm else { return nil }
        if confirm(question) { return nil }
        notice = "\(action.title): not done; nothing changed."
        return .done(output: nil)
    }

    /// `outcome` of a back or a swipe down, with how to close the screen on top when it failed with one of
    /// `refusals`: a back because a presented screen, which the back never closes, has nothing of its own to go
    /// back to; a swipe down because the sheet holds unsaved input, or because the screen is presented full screen,
    /// where no swipe closes it.
    private func explaining(
        _ outcome: Outcome, _ refusals: NavigationError..., in snapshot: ScreenSnapshot
    ) -> Outcome {
        guard case .failed(let message) = outcome, refusals.contains(where: { $0.description == message }),
            snapshot.levels.count > 1, let presented = snapshot.levels.last
        else { return outcome }
        return .failed(message + "; " + Self.howToClose(presented, refusesSwipeDown: snapshot.onTopRefusesSwipeDown))
    }

    /// How a person closes the presented screen `level`, on top, as a refused back or swipe down tells them: a
    /// sheet that `refusesSwipeDown` now is closed by its own action alone.
    static func howToClose(_ level: ScreenSnapshot.Level, refusesSwipeDown: Bool) -> String {
        switch level.style {
        case .pageSheet, .formSheet:
            refusesSwipeDown
                ? "this sheet holds unsaved input, so it stays until its own action closes it"
                : "this is a sheet: 'dismiss' swipes it down, or use its own action to close it"
        case .fullScreen, .overFullScreen:
            "this screen is presented full screen: use its own action to close it"
        }
    }
}
