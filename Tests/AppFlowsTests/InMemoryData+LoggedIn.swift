import AppFlows
import AppTesting
import Core

extension InMemoryData {
    /// The whole app composed over this data and started, with the demo account logged in on Login's screen, so
    /// Main shows the Feed tab.
    func composeLoggedIn() throws -> CompositionRoot {
        let root = try compose()
        root.appCoordinator.start()
        try root.window.setText("demo@example.com", forField: "email")
        try root.window.setText("demo-password", forField: "password")
        try root.window.performAction("login")
        return root
    }
}
