import AppInterface
import AppStandIn
import Core
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("The focus: where a person starts, how it moves, and how it follows the window")
@MainActor
struct FocusTests {
    /// A screen of `elements` at the root of a stack in a started stand-in session.
    private static func session(_ elements: [ScreenElement]) throws -> StandInSession {
        let session = try StandInSession(showing: StandInScreen("screen", title: "Screen", elements: elements))
        _ = session.start(restores: false, initialLink: nil)
        return session
    }

    private static let rows = ScreenElement.list(
        ListSection(
            id: "rows",
            items: [
                ListItem(id: "1", title: "One", actionID: "row.1"), ListItem(id: "2", title: "Two", actionID: "row.2"),
            ]))

    @Test("A person starts on the first field, else the first row, else the first button that works")
    func startingPlace() async throws {
        let button = ScreenElement.button(Button(id: "go", title: "Go"))
        let off = ScreenElement.button(Button(id: "off", title: "Off", isEnabled: false))
        let field = ScreenElement.field(TextField(id: "name", label: "Name", value: ""))
        for (elements, start) in [
            ([button, Self.rows, field], "name"), ([button, Self.rows], "row.1"), ([off, button], "go"), ([off], "off"),
        ] {
            var focus = Focus()
            focus.follow(try Self.session(elements).snapshot())
            #expect(focus.focused.map { $0.fieldID ?? $0.actionID } == start)
        }
        var empty = Focus()
        empty.follow(try Self.session([.text("Nothing to do")]).snapshot())
        #expect(empty.focused == nil && empty.target == nil)
    }

    @Test("Moving stops at the ends; Tab goes round the fields; the target is the field or the action's number")
    func moving() async throws {
        let elements: [ScreenElement] = [
            .field(TextField(id: "a", label: "A", value: "")), .button(Button(id: "go", title: "Go")),
            .field(TextField(id: "b", label: "B", value: "", isSecure: true)), Self.rows,
        ]
        var focus = Focus()
        focus.follow(try Self.session(elements).snapshot())
        #expect(focus.target == .field(id: "a", isSecure: false))
        focus.move(by: -1)
        #expect(focus.index == 0, "stops at the first")
        focus.move(by: 1)
        #expect(focus.target == .action(1))
        focus.moveToField(forward: true)
        #expect(focus.target == .field(id: "b", isSecure: true))
        focus.moveToField(forward: true)
        #expect(focus.target == .field(id: "a", isSecure: false), "round to the first")
        focus.moveToField(forward: false)
        #expect(focus.target == .field(id: "b", isSecure: true), "round to the last")
        focus.move(by: 10)
        #expect(focus.target == .action(3), "stops at the last: row.2 is the third action")
        let found = focus.focus(on: .action(2))
        #expect(found && focus.focused?.actionID == "row.1")
        let missing = focus.focus(on: .action(9))
        #expect(!missing && focus.focused?.actionID == "row.1", "no such action: the focus stays")
    }

    @Test("Enter in a field leads to the next field before a button, else to the first button, even unavailable")
    func afterField() async throws {
        let elements: [ScreenElement] = [
            .field(TextField(id: "a", label: "A", value: "")), .field(TextField(id: "b", label: "B", value: "")),
            .button(Button(id: "off", title: "Off", isEnabled: false)), .button(Button(id: "go", title: "Go")),
        ]
        var focus = Focus()
        focus.follow(try Self.session(elements).snapshot())
        #expect(focus.afterField == .field(1))
        focus.moveToField(forward: true)
        guard case .action(let control) = focus.afterField else {
            Issue.record("no action after the last field")
            return
        }
        #expect(control.actionID == "off", "the form's button, which says why it cannot be tapped yet")
    }

    @Test("The focus stays on its control when the window changes, and comes back to a screen shown again")
    func followsTheWindow() async throws {
        let session = try StandInSession(showing: StandIn.home())
        _ = session.start(restores: false, initialLink: nil)
        var focus = Focus()
        focus.follow(session.snapshot())
        focus.move(by: 1)
        #expect(focus.focused?.actionID == "item.2")
        #expect(session.send(.action("item.2")) == nil)
        focus.follow(session.snapshot())
        #expect(focus.focused == nil, "the item has nothing to focus")
        #expect(session.send(.gesture(.backButton)) == nil)
        focus.follow(session.snapshot())
        #expect(focus.focused?.actionID == "item.2", "back on the list, on the row that was left")
    }

    @Test("A post opened beside its list keeps the focus on the row that opened it")
    func rowKeepsTheFocusBesideTheOpenedPost() async throws {
        let window = Window()
        window.setHorizontalSizeClass(.regular)
        let list = StandIn.postList()
        let split = try SplitViewController(
            primary: NavigationController(root: list, screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"))
        try window.setRootViewController(split)
        let coordinators = Coordinator()
        var focus = Focus()
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        focus.move(by: 2)
        #expect(focus.focused?.actionID == "post.3")

        try split.showDetail(
            StandInScreen("post", title: "Post", elements: [.button(Button(id: "like", title: "Like"))]),
            animated: false)
        let beside = ScreenSnapshot(window: window, coordinators: coordinators)
        #expect(beside.top?.screenID == "post" && beside.controlsOnTop.count == 4, "the post is on top, beside")
        focus.follow(beside)
        #expect(focus.focused?.actionID == "post.3", "the row opened keeps the focus, not the first row")
    }

    @Test("Load more that leaves under a container whose button was focused before keeps the place: the first new row")
    func loadMoreUnderAContainer() async throws {
        let list = { (count: Int) in
            ScreenElement.list(
                ListSection(
                    id: "posts",
                    items: (1...count).map { ListItem(id: "\($0)", title: "Post \($0)", actionID: "post.\($0)") }))
        }
        let latest = StandInScreen(
            "feed.latest", title: "Latest", elements: [list(3), .button(Button(id: "more", title: "Load more"))])
        latest.actions["more"] = { screen in screen.elements = [list(6)] }
        let container = ButtonContainer(screenID: "feed")
        try container.setViewControllers([latest])
        let window = Window()
        try window.setRootViewController(try NavigationController(root: container))
        let coordinators = Coordinator()
        var focus = Focus()
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        focus.moveToEnd(last: false)
        #expect(focus.focused?.actionID == "compose")
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        focus.moveToEnd(last: true)
        #expect(focus.focused?.actionID == "more")
        latest.handleAction("more")
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        #expect(focus.focused?.actionID == "post.4", "where the person was, not up on the container's button")
    }

    /// A window of compact width whose split shows a list of posts and, as its detail, a post with a Like button.
    private static func postOpenFromItsList() throws -> (Window, SplitViewController) {
        let window = Window()
        let split = try SplitViewController(
            primary: NavigationController(root: StandIn.postList(), screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"))
        try window.setRootViewController(split)
        try split.showDetail(
            StandInScreen("post", title: "Post", elements: [.button(Button(id: "like", title: "Like"))]),
            animated: false)
        return (window, split)
    }

    @Test("A post shown alone keeps the focus when the window widens and its list comes beside it")
    func postKeepsTheFocusWhenItsListComesBeside() async throws {
        let (window, _) = try Self.postOpenFromItsList()
        let coordinators = Coordinator()
        var focus = Focus()
        let alone = ScreenSnapshot(window: window, coordinators: coordinators)
        #expect(alone.controlsOnTop.map(\.actionID) == ["like"], "compact: the post alone")
        focus.follow(alone)
        #expect(focus.focused?.actionID == "like")

        window.setHorizontalSizeClass(.regular)
        let beside = ScreenSnapshot(window: window, coordinators: coordinators)
        #expect(beside.controlsOnTop.count == 4, "regular: the list's rows come before the post's Like")
        focus.follow(beside)
        #expect(focus.focused?.actionID == "like", "the list's rows came on another screen: the focus stays")
    }

    @Test("A sheet closed gives the focus back to the control focused last among the screens shown again")
    func sheetClosedGivesTheFocusBack() async throws {
        // The list beside the post, both on top: the post's Like focused first, a row of the list last.
        let (window, split) = try Self.postOpenFromItsList()
        window.setHorizontalSizeClass(.regular)
        let coordinators = Coordinator()
        var focus = Focus()
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        focus.moveToEnd(last: true)
        #expect(focus.focused?.actionID == "like")
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        focus.move(by: -2)
        #expect(focus.focused?.actionID == "post.2")

        try split.present(StandInScreen("sheet", title: "Sheet", elements: [.button(Button(id: "ok", title: "OK"))]))
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        #expect(focus.focused?.actionID == "ok")
        try split.dismiss()
        focus.follow(ScreenSnapshot(window: window, coordinators: coordinators))
        #expect(
            focus.focused?.actionID == "post.2", "the row focused last, not the post's Like, though the post is on top")
    }

    /// A screen as Profile draws it: its buttons, then rows that are not actions, then `Load more`, which loads
    /// `more` rows and, as the last page, leaves (unless `isLastPage` is false: then it stays under them).
    private static func pagedScreen(rows: Int, more: Int, isLastPage: Bool = true) -> StandInScreen {
        let list = { (count: Int) in
            ScreenElement.list(
                ListSection(id: "posts", items: (1...count).map { ListItem(id: "\($0)", title: "Post \($0)") }))
        }
        let screen = StandInScreen(
            "paged", title: "Profile",
            elements: [
                .button(Button(id: "edit", title: "Edit")), .button(Button(id: "logout", title: "Log out")),
                list(rows), .button(Button(id: "more", title: "Load more")),
            ])
        screen.actions["more"] = { screen in
            let button = ScreenElement.button(Button(id: "more", title: "Load more"))
            screen.elements = Array(screen.elements.prefix(2)) + [list(rows + more)] + (isLastPage ? [] : [button])
        }
        return screen
    }

    @Test("When the last control leaves its screen, the focus is past the last control, never up on another one")
    func lastControlLeaving() async throws {
        let screen = Self.pagedScreen(rows: 2, more: 2)
        let session = try StandInSession(showing: screen)
        _ = session.start(restores: false, initialLink: nil)
        var focus = Focus()
        focus.follow(session.snapshot())
        focus.moveToEnd(last: true)
        #expect(focus.focused?.actionID == "more")
        #expect(session.send(.action("more")) == nil)
        focus.follow(session.snapshot())
        #expect(focus.focused == nil && focus.isPastLast, "not on Log out, above the rows")
        focus.follow(session.snapshot())
        #expect(focus.focused == nil && focus.isPastLast, "the window read again keeps it there")
        focus.move(by: 1)
        #expect(focus.focused == nil, "nothing below")
        focus.move(by: -1)
        #expect(focus.focused?.actionID == "logout", "up reaches the last control")
    }

    @Test("Load more tapped at the foot of a long list leaves the view where it was, showing the first new row")
    func loadMoreKeepsTheView() async throws {
        let session = try StandInSession(showing: Self.pagedScreen(rows: 20, more: 5))
        let terminal = await session.runFullScreen(
            [.character("G"), .enter], size: TerminalSize(columns: 80, rows: 12))

        #expect(session.screen("paged")?.performed == ["more"])
        #expect(terminal.cells.text(in: .focused).isEmpty, "the focus did not go up to Log out: \(terminal.screen)")
        #expect(!terminal.screen.contains { $0.contains("Log out") })
        #expect(
            terminal.screen.contains { $0.contains("Post 20") } && terminal.screen.contains { $0.contains("Post 21") })
    }

    @Test("Load more that stays under loaded rows that take no focus stays focused, scrolled into view below them")
    func loadMoreUnderRowsWithoutFocusStaysInView() async throws {
        let session = try StandInSession(showing: Self.pagedScreen(rows: 20, more: 20, isLastPage: false))
        let terminal = await session.runFullScreen(
            [.character("G"), .enter], size: TerminalSize(columns: 80, rows: 12))

        #expect(session.screen("paged")?.performed == ["more"])
        #expect(terminal.cells.text(in: .focused) == ["[ Load more ]"], "the focus in view: \(terminal.screen)")
        #expect(terminal.screen.contains { $0.contains("Post 40") }, "the last row loaded, just above it")
    }

    /// A screen as Feed draws it: rows that open their post, then `Load more`, which stays and loads `more` rows
    /// above itself.
    private static func feedScreen(rows: Int, more: Int) -> StandInScreen {
        let list = { (count: Int) in
            ScreenElement.list(
                ListSection(
                    id: "posts",
                    items: (1...count).map {
                        ListItem(id: "\($0)", title: "Post \($0)", subtitle: "Text \($0)", actionID: "post.\($0)")
                    }))
        }
        let screen = StandInScreen(
            "feed", title: "Feed", elements: [list(rows), .button(Button(id: "more", title: "Load more"))])
        screen.actions["more"] = { screen in
            screen.elements = [list(rows + more), .button(Button(id: "more", title: "Load more"))]
        }
        return screen
    }

    @Test("Load more that stays under the rows it loaded leaves the focus on the first new row, in view")
    func loadMoreFocusesTheFirstNewRow() async throws {
        let session = try StandInSession(showing: Self.feedScreen(rows: 20, more: 20))
        let terminal = await session.runFullScreen([.character("G"), .enter])

        #expect(session.screen("feed")?.performed == ["more"])
        #expect(terminal.cells.text(in: .focused) == ["Post 21", "Text 21"], "all of it: \(terminal.screen)")
        #expect(!terminal.screen.contains { $0.contains("Enter Load more") })
    }

    @Test("After a resize the focused row is scrolled back into view: Enter opens a row the person sees")
    func resizeKeepsTheFocusInView() async throws {
        let session = try StandInSession(showing: Self.feedScreen(rows: 40, more: 0))
        let terminal = ScriptedTerminal(
            keys: Array(repeating: .down, count: 30) + [.resize], size: TerminalSize(columns: 160, rows: 40))
        terminal.sizesOnResize = [TerminalSize(columns: 40, rows: 12)]
        await session.runFullScreen(on: terminal)

        #expect(terminal.cells.text(in: .focused) == ["Post 31", "Text 31"], "all of it: \(terminal.screen)")
    }

    @Test("A focus the person scrolled away from with Page Down stays out of view as the window is read again")
    func scrolledAwayFocusIsNotPulledBack() async throws {
        let session = try StandInSession(showing: Self.feedScreen(rows: 40, more: 0))
        let terminal = await session.runFullScreen(
            [.pageDown, .pageDown], size: TerminalSize(columns: 80, rows: 12), idleReads: 2, refreshInterval: .zero)

        #expect(session.refreshCount >= 2, "the window was read again while the person read")
        #expect(terminal.cells.text(in: .focused).isEmpty, "Post 1 keeps the focus, above: \(terminal.screen)")
        #expect(terminal.screen.contains { $0.contains("↑") && $0.contains("more (PgUp)") })
    }

    @Test("Page Down scrolls the screen while a one-line note shows below it: only a longer output takes the keys")
    func pageDownScrollsPastAShortNote() async throws {
        let session = try StandInSession(showing: Self.feedScreen(rows: 40, more: 0))
        let terminal = await session.runFullScreen(
            on: ScriptedTerminal(keys: [.pageDown], size: TerminalSize(columns: 80, rows: 12)),
            notice: "starting at the first screen: where you left stays saved")

        #expect(terminal.screen.contains { $0.contains("where you left stays saved") })
        #expect(terminal.screen.contains { $0.contains("↑") && $0.contains("more (PgUp)") }, "\(terminal.screen)")
    }

    @Test(
        "A field's draft starts with a plain value; a secure one keeps its value until typed, and a deletion clears it")
    func drafts() async {
        var plain = FieldDraft(TextField(id: "name", label: "Name", value: "Ada"))
        #expect(plain.shownText == "Ada" && plain.cursor == 3 && plain.valueToSet == nil)
        _ = plain.apply(.backspace)
        _ = plain.apply(.character("m"))
        #expect(plain.valueToSet == "Adm")
        var secure = FieldDraft(TextField(id: "password", label: "Password", value: "old", isSecure: true))
        #expect(secure.shownText == "•••" && secure.valueToSet == nil, "untouched, it keeps what it has")
        _ = secure.apply(.left)
        #expect(secure.valueToSet == nil, "moving the cursor types nothing")
        _ = secure.insert("new!")
        #expect(secure.shownText == "••••" && secure.valueToSet == "new!")
        var cleared = FieldDraft(TextField(id: "password", label: "Password", value: "wrong", isSecure: true))
        _ = cleared.apply(.backspace)
        #expect(cleared.shownText == "" && cleared.cursor == 0, "Backspace on the dots shown clears them")
        #expect(cleared.valueToSet == "", "and the field is set to what it shows")
        _ = cleared.apply(.character("r"))
        #expect(cleared.shownText == "•" && cleared.valueToSet == "r")
    }
}

@Suite("The pointer's live drag goes through the session, as every input does")
@MainActor
struct LiveDragTests {
    @Test("A drag from a pushed screen's edge begins, moves and lets go of the swipe through the session")
    func dragThroughTheSession() async throws {
        let session = try StandInSession(showing: StandIn.home())
        session.links["app://push"] = { session in
            try? (session.root as? NavigationController)?.push(StandInScreen("item", title: "Item"))
        }
        _ = session.start(restores: false, initialLink: nil)
        #expect(session.open("app://push") == nil)
        let drag: [EditingKey] = [
            .pointer(PointerEvent(kind: .press, row: 3, column: 0)),
            .pointer(PointerEvent(kind: .drag, row: 3, column: 20)),
            .pointer(PointerEvent(kind: .drag, row: 3, column: 30)),
            .pointer(PointerEvent(kind: .release, row: 3, column: 30)),
        ]
        let terminal = await session.runFullScreen(drag)
        #expect(
            session.inputs == [
                .swipe(.swipeBack, progress: 0.25), .updateGesture(progress: 0.375), .updateGesture(progress: 0.375),
                .releaseGesture,
            ])
        #expect(terminal.screen.contains { $0.contains("Swipe back let go at 38%: cancelled") })
    }

    @Test("A move the app refuses is said where errors show")
    func refusedMoveIsShown() async throws {
        let session = try StandInSession(showing: StandIn.home())
        session.links["app://push"] = { session in
            try? (session.root as? NavigationController)?.push(StandInScreen("item", title: "Item"))
        }
        _ = session.start(restores: false, initialLink: nil)
        #expect(session.open("app://push") == nil)
        session.refusal = { input in
            if case .updateGesture = input { "the window is busy" } else { nil }
        }
        let terminal = await session.runFullScreen([
            .pointer(PointerEvent(kind: .press, row: 3, column: 0)),
            .pointer(PointerEvent(kind: .drag, row: 3, column: 20)),
            .pointer(PointerEvent(kind: .drag, row: 3, column: 30)),
        ])
        #expect(session.inputs.last == .updateGesture(progress: 0.375))
        #expect(terminal.screen.contains { $0.contains("error: the window is busy") })
    }
}

/// A container with a button of its own above the screen it holds, as the feed holds its segment's list.
@MainActor
private final class ButtonContainer: ContainerViewController {
    override var content: ScreenContent {
        ScreenContent(title: "Feed", elements: [.button(Button(id: "compose", title: "New post"))])
    }
}
