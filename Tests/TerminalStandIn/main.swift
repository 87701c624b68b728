import AppStandIn
import AppTerminal
import Core
import Glibc

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
    await AppMain.runAsProcess(app: StandInApp(session: try StandInSession(showing: screen)))
} catch {
    AppMain.StandardOutput.error().write("TerminalStandIn: \(error)\n")
    exit(1)
}
