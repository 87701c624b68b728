import Core
import CoreTesting
import Testing

@Suite("Window input")
@MainActor
struct WindowInputTests {
    private func screen(_ id: String, actions: [String], fields: [String] = []) -> TestScreen {
        let screen = TestScreen(screenID: id)
        screen.screenContent = ScreenContent(
            title: id,
            elements: actions.map { .button(Button(id: $0, title: $0)) }
                + fields.map { .field(TextField(id: $0, label: $0, value: "")) })
        return screen
    }

    @Test("An action goes to the innermost screen on top that offers it, else to an outer one")
    func actionToInnermost() throws {
        let window = Window()
        let container = TestContainer(screenID: "tabs")
        container.screenContent = ScreenContent(
            title: "tabs",
            elements: [.button(Button(id: "shared", title: "shared")), .button(Button(id: "tabsOnly", title: "t"))])
        let tab = screen("tab", actions: ["shared", "tabOnly"])
        try container.setViewControllers([tab])
        let navigation = try NavigationController(root: TestScreen(screenID: "root"))
        try navigation.push(container)
        try window.setRootViewController(navigation)
        #expect(window.screensOnTop.map(\.screenID) == ["navigation", "tabs", "tab"])

        try window.performAction("shared")
        try window.performAction("tabOnly")
        try window.performAction("tabsOnly")

        #expect(tab.handledActions == ["shared", "tabOnly"])
        #expect(container.handledActions == ["tabsOnly"])
    }

    @Test("Input goes to the presented screen on top, never to the screens below it")
    func inputToTopmostPresented() throws {
        let window = Window()
        let below = screen("below", actions: ["tap"], fields: ["name"])
        try window.setRootViewController(below)
        let sheet = screen("sheet", actions: ["other"])
        try below.present(sheet, style: .pageSheet)

        #expect(throws: ScreenInputError.unknownAction("tap")) { try window.tap("tap") }
        #expect(throws: ScreenInputError.unknownField("name")) { try window.type("Ada", into: "name") }
        #expect(below.handledActions.isEmpty)
        #expect(below.handledTexts.isEmpty)

        try window.tap("other")
        #expect(sheet.handledActions == ["other"])
    }

    @Test("Typed text goes to the innermost screen on top that shows the field")
    func textToInnermost() throws {
        let window = Window()
        let root = screen("root", actions: [], fields: ["query"])
        let navigation = try NavigationController(root: root)
        try window.setRootViewController(navigation)
        try window.type("swift", into: "query")
        #expect(root.handledTexts == ["query=swift"])
    }

    @Test("A disabled action is refused by the window too")
    func disabledAction() throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        root.screenContent = ScreenContent(
            title: "", elements: [.button(Button(id: "go", title: "Go", isEnabled: false))])
        try window.setRootViewController(root)
        #expect(throws: ScreenInputError.actionDisabled("go")) { try window.performAction("go") }
        #expect(root.handledActions.isEmpty)
    }

    @Test("An empty window refuses input with noScreen")
    func noScreen() {
        let window = Window()
        #expect(throws: ScreenInputError.noScreen) { try window.performAction("go") }
        #expect(throws: ScreenInputError.noScreen) { try window.setText("x", forField: "f") }
    }
}

/// A screen that refuses its action `go` while `reason` is set, and performs `inner` on another screen first.
@MainActor
private final class RefusingScreen: ViewController {
    var reason: String?
    var inner: ViewController?
    var shownError: String?

    override var content: ScreenContent {
        ScreenContent(title: "", elements: [.button(Button(id: "go", title: "Go"))], errorMessage: shownError)
    }

    override func handleAction(_ id: String) {
        _ = try? inner?.performAction("go")
        if let reason { refuseAction(because: reason) }
    }
}

@Suite("An action's answer")
@MainActor
struct ActionOutcomeTests {
    @Test("A screen that refuses the action it handles answers the call itself with the reason")
    func refusalIsTheCallsAnswer() throws {
        let screen = RefusingScreen(screenID: "form")
        screen.reason = "Enter a valid email address."
        #expect(try screen.performAction("go") == .refused("Enter a valid email address."))
        screen.reason = nil
        #expect(try screen.performAction("go") == .done)
    }

    @Test("An error already on screen is not an answer: an action the screen does not refuse is done")
    func staleErrorIsNotARefusal() throws {
        let window = Window()
        let screen = RefusingScreen(screenID: "form")
        screen.shownError = "Wrong email or password."
        try window.setRootViewController(screen)
        #expect(try window.performAction("go") == .done)
    }

    @Test("Refusing outside an action does nothing, and an inner action's refusal stays the inner one's")
    func refusalBelongsToItsAction() throws {
        let outer = RefusingScreen(screenID: "outer")
        let inner = RefusingScreen(screenID: "inner")
        inner.reason = "inner refused"
        outer.inner = inner
        outer.refuseAction(because: "not during an action")
        #expect(try outer.performAction("go") == .done)
        #expect(try inner.performAction("go") == .refused("inner refused"))
        outer.reason = "outer refused"
        #expect(try outer.performAction("go") == .refused("outer refused"))
    }
}
