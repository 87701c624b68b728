import AppInterface
import Core
import Testing

/// A screen that shows the content a test gives it.
@MainActor
private final class ContentScreen: ViewController {
    let shown: ScreenContent

    init(_ id: String, _ content: ScreenContent) {
        shown = content
        super.init(screenID: id)
    }

    override var content: ScreenContent { shown }
}

/// A container that shows the content a test gives it above its child.
@MainActor
private final class ContentContainer: ContainerViewController {
    var shown = ScreenContent(title: "")

    override var content: ScreenContent { shown }
}

@Suite("The controls on top: what a front end moves a focus over, for every screen alike")
@MainActor
struct ScreenSnapshotControlsTests {
    @Test("Fields, buttons, rows with an action and segments, in drawing order, screen after screen from the outside")
    func controlsInOrder() async throws {
        let container = ContentContainer(screenID: "feed")
        let list = ContentScreen(
            "feed.latest",
            ScreenContent(
                title: "Latest",
                elements: [
                    .text("Posts"),
                    .list(
                        ListSection(
                            id: "posts",
                            items: [
                                ListItem(id: "1", title: "Ada", actionID: "post.1", isMarked: true),
                                ListItem(id: "2", title: "A row without an action"),
                            ])),
                    .button(Button(id: "more", title: "Load more", isEnabled: false)),
                ]))
        container.shown = ScreenContent(
            title: "Feed",
            elements: [
                .segmentedControl(
                    SegmentedControl(
                        id: "segments",
                        segments: [.init(id: "latest", title: "Latest"), .init(id: "popular", title: "Popular")],
                        selectedID: "latest")),
                .field(TextField(id: "search", label: "Search", value: "swift")),
                .field(TextField(id: "code", label: "Code", value: "1234", isSecure: true)),
            ])
        try container.setViewControllers([list])
        let window = Window()
        try window.setRootViewController(try NavigationController(root: container))
        let controls = ScreenSnapshot(window: window, coordinators: Coordinator()).controlsOnTop

        #expect(controls.map(\.title) == ["Latest", "Popular", "Search", "Code", "Ada", "Load more"])
        #expect(controls.map(\.actionID) == ["latest", "popular", nil, nil, "post.1", "more"])
        #expect(controls.map(\.fieldID) == [nil, nil, "search", "code", nil, nil])
        #expect(controls.map(\.isEnabled) == [true, true, true, true, true, false])
        #expect(controls.map(\.screen.screenID) == ["feed", "feed", "feed", "feed", "feed.latest", "feed.latest"])
        #expect(controls[0].kind == .segment(.init(id: "latest", title: "Latest"), isSelected: true))
        #expect(controls[3].kind == .field(TextField(id: "code", label: "Code", value: "1234", isSecure: true)))
        guard case .field(let code) = controls[3].kind else { return }
        #expect(code.displayedValue == "••••", "a secure field's value is never in the snapshot")
        guard case .row(let row) = controls[4].kind else { return }
        #expect(row.isMarked)
        // The actions among them come in the order the screens' own actions list them.
        #expect(
            controls.compactMap(\.actionID)
                == (container.content.actions + list.content.actions).map(\.id))
    }

    @Test("A window without a root has no controls; a sheet's controls replace those under it")
    func sheetOnTop() async throws {
        let window = Window()
        #expect(ScreenSnapshot(window: window, coordinators: Coordinator()).controlsOnTop.isEmpty)
        let under = ContentScreen(
            "under", ScreenContent(title: "Under", elements: [.button(Button(id: "a", title: "A"))]))
        try window.setRootViewController(under)
        let sheet = ContentScreen(
            "sheet", ScreenContent(title: "Sheet", elements: [.button(Button(id: "b", title: "B"))]))
        try under.present(sheet)
        #expect(ScreenSnapshot(window: window, coordinators: Coordinator()).controlsOnTop.map(\.actionID) == ["b"])
    }
}
