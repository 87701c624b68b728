import AppStandIn
import AppTerminal
import Core
import Glibc

// The terminal in a real terminal without the app: what the terminal alone does (signals, pastes, the hidden
// prompt, the pointer, giving the terminal back) over plain screens, and no feature or data, so a change inside a
// feature never selects the tests that drive it. A tab bar of two tabs: Log in (a field, a secure field, a button
// and a field of several lines), and Settings.
do {
    let login = StandInScreen(
        "login", title: "Log in",
        elements: [
            .field(TextField(id: "email", label: "Email", value: "")),
            .field(TextField(id: "password", label: "Password", value: "", isSecure: true)),
            .button(Button(id: "login", title: "Log in")),
            .field(TextField(id: "note", label: "Note", value: "", isMultiline: true)),
        ])
    let settings = StandInScreen("settings", title: "Settings", elements: [.text("Nothing to set")])
    let tabBar = TabBarController()
    try tabBar.setTabs([
        TabBarController.Tab(
            item: TabBarItem(id: "login", title: "Log in"),
            screen: try NavigationController(root: login, screenID: "login.navigation")),
        TabBarController.Tab(
            item: TabBarItem(id: "settings", title: "Settings"),
            screen: try NavigationController(root: settings, screenID: "settings.navigation")),
    ])
    await AppMain.runAsProcess(app: StandInApp(session: StandInSession(root: tabBar)))
} catch {
    AppMain.StandardOutput.error().write("TerminalStandIn: \(error)\n")
    exit(1)
}
