import AppInterface
import Core
import Testing

@testable import AppTerminal

/// A screen with every kind of element, as a feature draws it.
@MainActor
private final class EveryElementScreen: ViewController {
    override var content: ScreenContent {
        ScreenContent(
            title: "Everything",
            elements: [
                .segmentedControl(
                    SegmentedControl(
                        id: "tabs",
                        segments: [.init(id: "latest", title: "Latest"), .init(id: "popular", title: "Popular")],
                        selectedID: "latest")),
                .field(TextField(id: "email", label: "Email", value: "")),
                .field(TextField(id: "password", label: "Password", value: "", isSecure: true)),
                .button(Button(id: "login", title: "Log in")),
                .list(
                    ListSection(
                        id: "posts",
                        items: [
                            ListItem(
                                id: "1", title: "Ada",
                                subtitle: "A subtitle long enough to wrap onto a second row here",
                                actionID: "post.1")
                        ])),
                .text("Plain text reaches nothing"),
            ])
    }
}

@Suite("Pointing: what a click reaches in the laid-out frame, and how a drag becomes a swipe")
@MainActor
struct PointingTests {
    private static let size = TerminalSize(columns: 40, rows: 20)

    /// The frame of `model` at 40×20 and the row whose text contains `text`.
    private static func row(containing text: String, in frame: ScreenLayout.Frame) -> Int? {
        frame.text.firstIndex { $0.contains(text) }
    }

    private static func everything(canGoBack: Bool = true) -> ScreenModel {
        let screen = EveryElementScreen(screenID: "everything")
        return ScreenModel(
            path: ["Feed", "Everything"], canGoBack: canGoBack,
            content: ScreenLines(of: [ScreenSnapshot.Screen(screen)]).lines)
    }

    @Test("Each element reaches what it stands for, across its wrapped rows; plain text and blank space reach nothing")
    func targetsFollowTheContent() async throws {
        let frame = ScreenLayout.frame(Self.everything(), chrome: .init(), size: Self.size)
        let segments = try #require(Self.row(containing: "Popular", in: frame))
        let popularColumn = try #require(frame.text[segments].firstRange(of: "Popular")).lowerBound
        let column = frame.text[segments].distance(from: frame.text[segments].startIndex, to: popularColumn)
        #expect(frame.target(row: segments, column: column) == .action(2))
        #expect(frame.target(row: segments, column: 0) == .action(1))
        let email = try #require(Self.row(containing: "Email", in: frame))
        #expect(frame.target(row: email, column: 3) == .field(id: "email", isSecure: false))
        let password = try #require(Self.row(containing: "Password", in: frame))
        #expect(frame.target(row: password, column: 3) == .field(id: "password", isSecure: true))
        let button = try #require(Self.row(containing: "Log in", in: frame))
        #expect(frame.target(row: button, column: 5) == .action(3))
        #expect(frame.target(row: button, column: 35) == nil, "the blank after a button reaches nothing")
        let post = try #require(Self.row(containing: "Ada", in: frame))
        #expect(frame.target(row: post, column: 1) == .action(4))
        #expect(frame.target(row: post + 1, column: 2) == .action(4), "the subtitle is part of the row")
        #expect(frame.target(row: post + 2, column: 2) == .action(4), "so is its wrapped continuation")
        let plain = try #require(Self.row(containing: "Plain text", in: frame))
        #expect(frame.target(row: plain, column: 2) == nil)
        #expect(frame.target(row: 0, column: 2) == .back, "the navigation bar's ‹ back")
        #expect(frame.target(row: 0, column: 30) == nil)
        #expect(frame.target(row: 99, column: 2) == nil)
        #expect(frame.target(row: post, column: -1) == nil)
    }

    @Test("Each tab of the tab bar along the bottom reaches its tab; the bar is neither the screen nor the output")
    func tabBarTargets() async throws {
        var model = Self.everything()
        model.tabBar = [
            StyledSpan("Feed", .selectedTab, target: .tab("feed")), StyledSpan("  │  ", .dim),
            StyledSpan("Profile", target: .tab("profile")),
        ]
        var chrome = ScreenLayout.Chrome()
        chrome.output = [[StyledSpan("output")]]
        let frame = ScreenLayout.frame(model, chrome: chrome, size: Self.size)
        let bar = try #require(Self.row(containing: "Profile", in: frame))
        #expect(frame.target(row: bar, column: 2) == .tab("feed"))
        #expect(frame.target(row: bar, column: 13) == .tab("profile"))
        #expect(frame.target(row: bar, column: 7) == nil, "the separator")
        #expect(!frame.body.contains(bar) && !frame.output.contains(bar))
        #expect(frame.output.contains(try #require(Self.row(containing: "output", in: frame))))
    }

    @Test("A sheet's top border takes a drag; its presenter, dimmed behind it, reaches nothing")
    func sheetTargets() async throws {
        var model = Self.everything(canGoBack: false)
        model.content = model.content.map { $0.map { StyledSpan($0.text, .dim) } }
        model.sheet = ScreenModel.Sheet(
            caption: "sheet", lines: [[StyledSpan("Post", .bold)], [StyledSpan("[1] Post", target: .action(1))]])
        let frame = ScreenLayout.frame(model, chrome: .init(), size: Self.size)
        let border = try #require(frame.text.firstIndex { $0.contains("┌") })
        #expect(frame.target(row: border, column: 10) == .sheetTop)
        #expect(frame.target(row: border, column: 0) == nil, "the presenter beside the frame")
        let action = try #require(Self.row(containing: "[1] Post", in: frame))
        #expect(frame.target(row: action, column: 6) == .action(1))
        #expect(frame.target(row: 0, column: 2) == nil, "nothing to go back to")
    }

    @Test(
        "Layout part way through a swipe back: the screen slides right over the one it reveals", arguments: [0.25, 0.5])
    func slidingBack(progress: Double) async throws {
        var model = Self.everything()
        let revealed: [StyledLine] = [[StyledSpan("Feed underneath", .dim)], [StyledSpan("a row of the feed", .dim)]]
        model.slide = .back(progress: progress, revealed: revealed)
        let frame = ScreenLayout.frame(model, chrome: .init(), size: Self.size)
        FullScreenLayoutTests.expectFits(frame, Self.size)
        let offset = Int((progress * 40).rounded())
        let first = Array(frame.text[1])
        #expect(String(first[(offset - 1)...]).hasPrefix("│Everything"), "\(frame.text[1])")
        let underneath = "Feed underneath" + String(repeating: " ", count: 40)
        #expect(String(first[..<(offset - 1)]) == String(underneath.prefix(offset - 1)), "the revealed screen")
        let still = ScreenLayout.frame(Self.everything(), chrome: .init(), size: Self.size)
        #expect(still.text[1].hasPrefix("Everything"))
        #expect(frame.text.last == still.text.last, "the command line does not move")
    }

    @Test("Layout part way through a swipe down: the sheet's frame moves down and is clipped at the bottom")
    func slidingDown() async throws {
        var model = Self.everything(canGoBack: false)
        model.sheet = ScreenModel.Sheet(caption: "sheet", lines: [[StyledSpan("Post", .bold)]])
        let still = ScreenLayout.frame(model, chrome: .init(), size: Self.size)
        model.slide = .down(progress: 0.5)
        let moved = ScreenLayout.frame(model, chrome: .init(), size: Self.size)
        FullScreenLayoutTests.expectFits(moved, Self.size)
        let top = try #require(still.text.firstIndex { $0.contains("┌") })
        let movedTop = try #require(moved.text.firstIndex { $0.contains("┌") })
        #expect(movedTop == top + Int((0.5 * Double(still.body.count - (top - 1))).rounded()))
        #expect(!moved.text.contains { $0.contains("└") }, "the bottom border is below the screen")
    }

    // MARK: - Gestures

    private static func frame(canGoBack: Bool = true) -> ScreenLayout.Frame {
        ScreenLayout.frame(Self.everything(canGoBack: canGoBack), chrome: .init(), size: Self.size)
    }

    private static func event(_ kind: PointerEvent.Kind, _ row: Int, _ column: Int) -> PointerEvent {
        PointerEvent(kind: kind, row: row, column: column)
    }

    @Test("A press and a release on the same target click it; on different ones, or on nothing, nothing happens")
    func clicks() async throws {
        let frame = Self.frame()
        let button = try #require(Self.row(containing: "Log in", in: frame))
        var gestures = PointerGestures()
        #expect(gestures.handle(Self.event(.press, button, 5), in: frame, canGoBack: true) == nil)
        #expect(gestures.handle(Self.event(.release, button, 8), in: frame, canGoBack: true) == .click(.action(3)))
        _ = gestures.handle(Self.event(.press, button, 5), in: frame, canGoBack: true)
        #expect(gestures.handle(Self.event(.release, button + 1, 5), in: frame, canGoBack: true) == nil)
        _ = gestures.handle(Self.event(.press, button, 35), in: frame, canGoBack: true)
        #expect(gestures.handle(Self.event(.release, button, 35), in: frame, canGoBack: true) == nil)
        #expect(gestures.handle(Self.event(.release, button, 5), in: frame, canGoBack: true) == nil, "no press")
    }

    @Test("From a pushed screen's left edge, a drag right is a swipe back whose progress is the column over the width")
    func dragBack() async throws {
        let frame = Self.frame()
        var gestures = PointerGestures()
        _ = gestures.handle(Self.event(.press, 5, 0), in: frame, canGoBack: true)
        #expect(gestures.handle(Self.event(.drag, 5, 0), in: frame, canGoBack: true) == nil, "not moved right yet")
        #expect(
            gestures.handle(Self.event(.drag, 6, 8), in: frame, canGoBack: true)
                == .beginSwipe(.swipeBack, progress: 0.2))
        #expect(gestures.isSwiping)
        #expect(gestures.handle(Self.event(.drag, 6, 30), in: frame, canGoBack: true) == .moveSwipe(progress: 0.75))
        #expect(gestures.handle(Self.event(.drag, 6, 99), in: frame, canGoBack: true) == .moveSwipe(progress: 1))
        #expect(
            gestures.handle(Self.event(.release, 6, 10), in: frame, canGoBack: true) == .releaseSwipe(progress: 0.25))
        #expect(!gestures.isSwiping)
    }

    @Test("Over pages, a sideways drag turns them: to the left to the next page, to the right to the previous one")
    func dragPages() async throws {
        let frame = Self.frame(canGoBack: false)
        var gestures = PointerGestures()
        let handle = { (gestures: inout PointerGestures, kind: PointerEvent.Kind, column: Int, pages: Bool) in
            gestures.handle(Self.event(kind, 5, column), in: frame, canGoBack: false, showsPages: pages)
        }
        _ = handle(&gestures, .press, 20, true)
        #expect(handle(&gestures, .drag, 20, true) == nil, "not moved sideways yet")
        #expect(handle(&gestures, .drag, 12, true) == .beginSwipe(.swipeToNextPage, progress: 0.2))
        #expect(handle(&gestures, .drag, 0, true) == .moveSwipe(progress: 0.5))
        #expect(handle(&gestures, .drag, 30, true) == .moveSwipe(progress: 0), "back past the start is no progress")
        #expect(handle(&gestures, .release, 4, true) == .releaseSwipe(progress: 0.4))
        _ = handle(&gestures, .press, 20, true)
        #expect(handle(&gestures, .drag, 30, true) == .beginSwipe(.swipeToPreviousPage, progress: 0.25))
        _ = handle(&gestures, .release, 30, true)
        _ = handle(&gestures, .press, 20, false)
        #expect(handle(&gestures, .drag, 10, false) == nil, "without pages on top a sideways drag is nothing")
        #expect(!gestures.isSwiping)
    }

    @Test("No swipe back from a root screen, from further in, or from the navigation bar")
    func noDragBack() async throws {
        for (canGoBack, row, column) in [(false, 5, 0), (true, 5, 2), (true, 0, 0)] {
            let frame = Self.frame(canGoBack: canGoBack)
            var gestures = PointerGestures()
            _ = gestures.handle(Self.event(.press, row, column), in: frame, canGoBack: canGoBack)
            #expect(gestures.handle(Self.event(.drag, row, 20), in: frame, canGoBack: canGoBack) == nil)
            #expect(!gestures.isSwiping)
        }
    }

    @Test("A refused swipe moves nothing for the rest of the drag, and its release is no click")
    func refusedDrag() async throws {
        let frame = Self.frame()
        let row = try #require(Self.row(containing: "Latest", in: frame))
        var gestures = PointerGestures()
        _ = gestures.handle(Self.event(.press, row, 0), in: frame, canGoBack: true)
        #expect(
            gestures.handle(Self.event(.drag, row, 4), in: frame, canGoBack: true)
                == .beginSwipe(.swipeBack, progress: 0.1))
        gestures.swipeRefused()
        #expect(!gestures.isSwiping)
        #expect(gestures.handle(Self.event(.drag, row, 8), in: frame, canGoBack: true) == nil)
        #expect(gestures.handle(Self.event(.release, row, 0), in: frame, canGoBack: true) == nil)
    }

    @Test("Dragging a sheet's top border down swipes it down, over the rows left below it")
    func dragDown() async throws {
        var model = Self.everything(canGoBack: false)
        model.sheet = ScreenModel.Sheet(caption: "sheet", lines: [[StyledSpan("Post", .bold)]])
        let frame = ScreenLayout.frame(model, chrome: .init(), size: Self.size)
        let border = try #require(frame.text.firstIndex { $0.contains("┌") })
        let room = Double(frame.body.upperBound - border)
        var gestures = PointerGestures()
        _ = gestures.handle(Self.event(.press, border, 10), in: frame, canGoBack: false)
        #expect(gestures.handle(Self.event(.drag, border, 20), in: frame, canGoBack: false) == nil, "sideways")
        #expect(
            gestures.handle(Self.event(.drag, border + 4, 20), in: frame, canGoBack: false)
                == .beginSwipe(.swipeDown, progress: 4 / room))
        #expect(
            gestures.handle(Self.event(.release, border + 2, 20), in: frame, canGoBack: false)
                == .releaseSwipe(progress: 2 / room))
    }

    @Test("The wheel scrolls the output under the pointer, and the screen elsewhere")
    func wheel() async throws {
        var chrome = ScreenLayout.Chrome()
        chrome.output = [[StyledSpan("one")], [StyledSpan("two")]]
        let frame = ScreenLayout.frame(Self.everything(), chrome: chrome, size: Self.size)
        let output = try #require(Self.row(containing: "two", in: frame))
        #expect(frame.output.contains(output))
        var gestures = PointerGestures()
        #expect(
            gestures.handle(Self.event(.wheelDown, output, 3), in: frame, canGoBack: true)
                == .scroll(output: true, rows: 3))
        #expect(
            gestures.handle(Self.event(.wheelUp, 2, 3), in: frame, canGoBack: true) == .scroll(output: false, rows: -3))
    }

    @Test("--no-mouse leaves the mouse alone; by default the full screen asks for it")
    func noMouseFlag() async throws {
        let environment = ["HOME": "/tmp"]
        #expect(try LaunchOptions.parse(arguments: [], environment: environment).readsPointer)
        #expect(!(try LaunchOptions.parse(arguments: ["--no-mouse"], environment: environment).readsPointer))
    }
}
