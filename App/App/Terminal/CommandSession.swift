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

    private let root: CompositionRoot
    private let renderer: ScreenRenderer
    private let readSecret: ((String) -> String?)?

    /// Creates a session over `root`.
    ///
    /// - Parameter readSecret: in the interactive mode, reads a secure field's value without echo, given the
    ///   field's label as a prompt, and returns `nil` when the person ended the input instead (Ctrl-D); `nil` in
    ///   the scripted mode, where `set <field>` without text is refused.
    init(root: CompositionRoot, style: TextStyle, readSecret: ((String) -> String?)?) {
        self.root = root
        self.renderer = ScreenRenderer(style: style)
        self.readSecret = readSecret
    }

    private var window: Window { root.window }

    /// The screen as a person sees it, below a reminder of the link that waits for a log-in, if any.
    func renderScreen() -> String {
        let notice = root.appCoordinator.pendingLink.map { "Log in or sign up to continue to \($0.url)." }
        return renderer.render(window, notice: notice)
    }

    /// The first fatal data error met so far, if any.
    var fatalDataError: DataError? { root.health.fatalDataError }

    /// Carries out `command`.
    func execute(_ command: Command) -> Outcome {
        switch command {
        case .action(let id):
            let isOffered = window.screensOnTop.contains { screen in screen.content.actions.contains { $0.id == id } }
            guard isOffered else {
                return .failed("unknown command or action '\(TerminalText.quoted(id))' (type 'help')")
            }
            return performChecked { () throws(ScreenInputError) in try window.performAction(id) }
        case .actionNumber(let number):
            let actions = ScreenRenderer.numberedActions(in: window)
            guard number >= 1, number <= actions.count else {
                return .failed("no action \(number) on this screen")
            }
            let numbered = actions[number - 1]
            return performChecked { () throws(ScreenInputError) in
                try numbered.screen.performAction(numbered.action.id)
            }
        case .set(let field, let text):
            let value: String
            if let text {
                value = text
            } else if let readSecret {
                if let secure = secureField(field) {
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
            do {
                try window.setText(value, forField: field)
            } catch {
                return .failed(error.description)
            }
            return root.appCoordinator.pendingFailure.map(takeFailure) ?? .done(output: nil)
        case .back:
            return gesture(.backButton)
        case .dismiss:
            return gesture(.swipeDown)
        case .open(let text):
            let errorBefore = errorOnScreen
            let link: DeepLink
            do {
                link = try DeepLink.parse(text)
            } catch {
                return .failed(error.description)
            }
            do {
                try root.appCoordinator.open(link)
            } catch {
                return .failed(error.description)
            }
            return checkAfterChange(ignoring: errorBefore)
        case .state:
            return .done(
                output: StateReport.json(
                    window: window, root: root.appCoordinator,
                    userDisplayName: root.appCoordinator.userDisplayName) + "\n")
        case .tree:
            return .done(output: StateReport.tree(window: window, root: root.appCoordinator))
        case .screen:
            return .done(output: renderScreen())
        case .help:
            return .done(output: Self.helpText)
        case .quit:
            return .quit
        }
    }

    /// The text of `help`.
    static var helpText: String {
        let width = (Command.summary.map(\.usage.count).max() ?? 0) + 2
        var lines = ["Commands:"]
        for entry in Command.summary {
            lines.append("  " + entry.usage + String(repeating: " ", count: width - entry.usage.count) + entry.meaning)
        }
        lines.append("Deep links: app://login, app://signup, app://feed, app://feed/popular, app://feed/post/<id>,")
        lines.append("  app://feed/compose")
        lines.append("Lines starting with # are comments. Actions are numbered on the screen; type a number or an id.")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Helpers

    private func performChecked(_ perform: () throws(ScreenInputError) -> Void) -> Outcome {
        do {
            try perform()
        } catch {
            return .failed(error.description)
        }
        return checkAfterChange()
    }

    /// The error message shown on the screens on top (the innermost one), if any.
    private var errorOnScreen: String? {
        window.screensOnTop.lazy.compactMap(\.content.errorMessage).last
    }

    /// After an action or a link: a failure the app coordinator noted, or an error shown on screen, fails the
    /// command. A link fails only on an error it caused, not on one `ignoring` that was already shown before it
    /// (such as a failed log-in's message on the login screen it returns to).
    private func checkAfterChange(ignoring errorBefore: String? = nil) -> Outcome {
        if let failure = root.appCoordinator.pendingFailure { return takeFailure(failure) }
        if let message = errorOnScreen, message != errorBefore { return .failed(message) }
        return .done(output: nil)
    }

    private func takeFailure(_ message: String) -> Outcome {
        root.appCoordinator.pendingFailure = nil
        return .failed(message)
    }

    private func gesture(_ gesture: UserGesture) -> Outcome {
        do {
            try window.perform(gesture)
        } catch {
            return .failed(error.description)
        }
        return .done(output: nil)
    }

    private func secureField(_ id: String) -> TextField? {
        window.screensOnTop.reversed().lazy.compactMap { screen in
            screen.content.fields.first { $0.id == id }
        }.first.flatMap { $0.isSecure ? $0 : nil }
    }
}
