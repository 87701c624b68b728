import Core
import CoreTesting
import Testing

@Suite("Window inspection")
@MainActor
struct WindowInspectionTests {
    @Test("navigationStackIDs, presentedIDs and topScreenID describe what is on top")
    func stateHelpers() throws {
        let window = Window()
        #expect(window.topScreenID == nil)
        #expect(window.navigationStackIDs.isEmpty)
        let navigation = try NavigationController(root: TestRootScreen(screenID: "root"))
        try window.setRootViewController(navigation)
        try navigation.push(TestRootScreen(screenID: "detail"))
        #expect(window.navigationStackIDs == ["root", "detail"])
        #expect(window.topScreenID == "detail")

        let sheet = try NavigationController(root: TestRootScreen(screenID: "sheet.root"))
        try navigation.present(sheet)
        try sheet.present(TestRootScreen(screenID: "alert"), style: .overFullScreen)
        #expect(window.presentedIDs == ["navigation", "alert"])
        #expect(window.topScreenID == "alert")
        #expect(window.navigationStackIDs.isEmpty, "the top screen is in no navigation stack")
    }

    @Test("tap and type reach the screen on top")
    func tapAndType() throws {
        let window = Window()
        let screen = ProfileScreen(screenID: "profile")
        try window.setRootViewController(screen)
        try window.tap("save")
        try window.tap("a")
        try window.type("Grace", into: "name")
        #expect(screen.taps == ["save", "a"])
        #expect(screen.typed == ["name=Grace"])
        #expect(throws: ScreenInputError.unknownAction("missing")) { try window.tap("missing") }
    }

    @Test("visibleText lists what a person reads, secure values masked, empty lists by their message")
    func visibleText() throws {
        let window = Window()
        let screen = ProfileScreen(screenID: "profile")
        screen.title = "Profile"
        try window.setRootViewController(screen)
        #expect(
            window.visibleText == [
                "Profile", "About", "Name: Ada", "Password: ••••••", "Save", "Nothing yet", "Row", "Sub", "1h",
                "Alpha", "Oops",
            ])
        #expect(window.contentOnTop.map(\.title) == ["Profile"])
    }

    @Test("treeLines and subtreeNames show the coordinator tree, indented and depth first")
    func treeLines() throws {
        let root = NamedCoordinator("App")
        let login = NamedCoordinator("Login")
        try root.addChild(login)
        try login.addChild(NamedCoordinator("SignUp"))
        try root.addChild(NamedCoordinator("Feed"))
        #expect(root.treeLines == ["App", "  Login", "    SignUp", "  Feed"])
        #expect(root.subtreeNames == ["App", "Login", "SignUp", "Feed"])
    }
}
