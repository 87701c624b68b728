import AppStandIn
import AppTerminal
import Core
import Foundation
import TerminalTesting

/// What one run of the terminal produced.
struct TerminalRun {
    let status: Int32
    let output: String
    let error: String

    /// Every `state` line printed, parsed.
    var states: [StateLine] {
        output.split(separator: "\n").filter { $0.hasPrefix("{") }.compactMap { StateLine(json: String($0)) }
    }

    /// The last `state` printed.
    var lastState: StateLine? { states.last }
}

/// The fields of one `state` line the tests read.
struct StateLine {
    let loggedIn: Bool
    let user: String?
    let top: String?
    let presented: [String]
    let error: String?

    init?(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let loggedIn = object["loggedIn"] as? Bool, let presented = object["presented"] as? [String]
        else { return nil }
        self.loggedIn = loggedIn
        self.user = object["user"] as? String
        self.top = object["top"] as? String
        self.presented = presented
        self.error = object["error"] as? String
    }
}

extension StandInApp {
    /// The fixed time of every run, so nothing depends on the clock: the one the apps in terminals use.
    static let now = TmuxSession.now

    /// Runs the terminal over this launcher with `script` as its input; `interactive` makes both the input and
    /// the output a terminal.
    func run(
        _ script: String, arguments: [String] = [], environment: [String: String] = [:], interactive: Bool = false
    ) async -> TerminalRun {
        await run(bytes: Array(script.utf8), arguments: arguments, environment: environment, interactive: interactive)
    }

    /// Runs the terminal over this launcher with `bytes` as its input.
    func run(
        bytes: [UInt8], arguments: [String] = [], environment: [String: String] = [:], interactive: Bool = false
    ) async -> TerminalRun {
        let input = ScriptedInput(bytes: bytes, isTerminal: interactive, chunkSize: bytes.count > 65_536 ? 65_536 : 7)
        return await run(input: input, arguments: arguments, environment: environment, terminalOutput: interactive)
    }

    /// Runs the terminal over this launcher with `input`, at ``now``, with a home folder that does not exist
    /// unless `environment` says otherwise; what it writes also goes to `transcript` when given.
    func run(
        input: any AppMain.ByteInput, arguments: [String] = [], environment: [String: String] = [:],
        terminalOutput: Bool = false, transcript: TerminalTranscript? = nil
    ) async -> TerminalRun {
        let output = CapturedOutput(isTerminal: terminalOutput, transcript: transcript)
        let error = CapturedOutput(isTerminal: terminalOutput)
        var fullEnvironment = ["APP_NOW": Self.now, "HOME": "/nonexistent-home-for-tests"]
        fullEnvironment.merge(environment) { $1 }
        let status = await AppMain.run(
            app: self, arguments: arguments, environment: fullEnvironment, input: input, output: output, error: error)
        return TerminalRun(status: status, output: output.text, error: error.text)
    }
}

/// The stand-in app most tests drive: a sign-in screen (an email, a secure password, a log-in that refuses a wrong
/// password with an inline error, a sign-up pushed on a stack, an action that is never available) leading to a
/// home screen with list rows and a sheet.
@MainActor
enum StandIn {
    /// The password the sign-in takes.
    static let password = "right-password"

    /// A new stand-in app on its sign-in screen.
    static func app() throws -> StandInApp {
        let signIn = StandInScreen(
            "signin", title: "Sign in",
            elements: [
                .field(TextField(id: "email", label: "Email", value: "")),
                .field(TextField(id: "password", label: "Password", value: "", isSecure: true)),
                .button(Button(id: "login", title: "Log in")),
                .button(Button(id: "signup", title: "Create account")),
                .button(Button(id: "remind", title: "Remind me", isEnabled: false)),
            ])
        let session = try StandInSession(showing: signIn)
        signIn.actions["login"] = { [unowned session] screen in
            guard screen.value(of: "password") == password else {
                screen.showInlineError("Wrong email or password.")
                return
            }
            session.userDisplayName = "Ada"
            try? screen.push(home())
        }
        signIn.actions["signup"] = { screen in
            try? screen.push(
                StandInScreen(
                    "signup", title: "Create account",
                    elements: [
                        .field(TextField(id: "name", label: "Name", value: "")),
                        .button(Button(id: "create", title: "Create")),
                    ]))
        }
        session.links["app://home"] = { session in
            guard let navigation = session.root as? NavigationController else { return }
            try? navigation.push(home())
        }
        return StandInApp(session: session)
    }

    /// A feed's list: `rows` rows, `Post 1`, `Post 2`…, each opening its post (`post.1`…).
    static func postList(rows: Int = 3) -> StandInScreen {
        StandInScreen(
            "list", title: "Feed",
            elements: [
                .list(
                    ListSection(
                        id: "posts",
                        items: (1...rows).map { ListItem(id: "\($0)", title: "Post \($0)", actionID: "post.\($0)") }))
            ])
    }

    /// The home screen: two rows that each push their item, and a new note written in a sheet.
    static func home() -> StandInScreen {
        let home = StandInScreen(
            "home", title: "Home",
            elements: [
                .list(
                    ListSection(
                        id: "items",
                        items: [
                            ListItem(id: "1", title: "First", subtitle: "The first item", actionID: "item.1"),
                            ListItem(id: "2", title: "Second", detail: "2 notes", actionID: "item.2"),
                        ])),
                .button(Button(id: "compose", title: "New note")),
            ])
        for id in ["1", "2"] {
            home.actions["item.\(id)"] = { screen in
                try? screen.push(StandInScreen("item", title: "Item \(id)", elements: [.text("Item number \(id)")]))
            }
        }
        home.actions["compose"] = { screen in
            let sheet = StandInScreen(
                "compose", title: "New note",
                elements: [
                    .field(TextField(id: "text", label: "Note", value: "")),
                    .button(Button(id: "save", title: "Save")),
                    .button(Button(id: "cancel", title: "Cancel")),
                ])
            sheet.actions["cancel"] = { try? $0.dismiss() }
            try? screen.present(sheet)
        }
        return home
    }
}
