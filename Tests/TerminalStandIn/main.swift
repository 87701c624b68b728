import AppTerminal
import Core
import FoundationEssentials
import Glibc
import TerminalTesting

// The terminal in a real terminal without the app: what the terminal alone does (signals, pastes, the hidden
// prompt, giving the terminal back) over one plain screen with a field and a secure field, and no feature or data,
// so a change inside a feature never selects the tests that drive it.
let screen = StandInScreen(
    "login", title: "Log in",
    elements: [
        .field(TextField(id: "email", label: "Email", value: "")),
        .field(TextField(id: "password", label: "Password", value: "", isSecure: true)),
    ])
do {
    let session = try StandInSession(showing: screen)
    let status = await AppMain.run(
        app: StandInApp(session: session),
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment,
        input: AppMain.StandardInput(),
        output: AppMain.StandardOutput.output(),
        error: AppMain.StandardOutput.error())
    exit(status)
} catch {
    AppMain.StandardOutput.error().write("terminal-stand-in: \(error)\n")
    exit(1)
}
