import AppFlows
import Core
import Testing

/// The app as the explorer builds it: what two apps that show the same screens must also share to behave alike.
@Suite("The explorable app")
@MainActor
struct ExplorableAppTests {
    @Test("A link waiting for the log-in is kept unseen: an app with one is not taken for an app without")
    func waitingLinkIsUnseen() throws {
        let app = ExplorableApp()
        let plain = app.make()
        let waiting = app.make()
        #expect(app.unseenState(of: plain.root) == app.unseenState(of: waiting.root))
        // At Login the link waits for the log-in: the screens stay as they were.
        try ExplorableApp.open("app://profile", in: waiting.root)
        #expect(waiting.window.topViewController?.screenID == "login")
        #expect(plain.window.topViewController?.screenID == "login")
        #expect(app.unseenState(of: plain.root) != app.unseenState(of: waiting.root))
    }
}
