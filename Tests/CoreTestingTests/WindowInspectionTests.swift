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

    @Test("errorMessageOnTop, actionIDsOnTop and rowsOnTop read the screens on top, innermost error first")
    func contentHelpers() throws {
        let window = Window()
        #expect(window.errorMessageOnTop == nil)
        let container = ContainerViewController(screenID: "tabs")
        let profile = ProfileScreen(screenID: "profile")
        try container.setViewControllers([profile])
        try window.setRootViewController(container)

        #expect(window.errorMessageOnTop == "Oops")
        #expect(window.actionIDsOnTop == ["save", "a"])
        #expect(window.rowsOnTop.map(\.id) == ["1"])

        try container.present(TestRootScreen(screenID: "sheet"))
        #expect(window.errorMessageOnTop == nil, "a presented screen without an error covers the one below")
        #expect(window.actionIDsOnTop.isEmpty)
        #expect(window.rowsOnTop.isEmpty)
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

    @Test("A tab bar's badges are visible to tests: in visibleText and in the navigation text")
    func badgesAreVisible() throws {
        let window = Window()
        let tabBar = TabBarController()
        try tabBar.setTabs([
            TabBarController.Tab(item: TabBarItem(id: "feed", title: "Feed"), screen: ViewController(screenID: "f")),
            TabBarController.Tab(item: TabBarItem(id: "me", title: "Me"), screen: ViewController(screenID: "m")),
        ])
        try window.setRootViewController(tabBar)
        #expect(window.visibleText.isEmpty)

        try tabBar.setBadge("3", forTab: "feed")
        try tabBar.setBadge("new", forTab: "me")

        #expect(window.visibleText == ["Feed: 3", "Me: new"])
        #expect(
            window.navigationText() == """
                screens:
                  tabs
                    f (tab feed, badge "3", selected, on top)
                    m (tab me, badge "new")

                """)
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
