import Core

/// A screen that can be made to hold its coordinator strongly, which is the retain cycle a leak check must catch.
@MainActor
final class ProfileScreen: ViewController {
    var owner: Coordinator?
    var title = ""

    override var content: ScreenContent {
        ScreenContent(
            title: title,
            elements: [
                .text("About"),
                .field(TextField(id: "name", label: "Name", value: "Ada")),
                .field(TextField(id: "password", label: "Password", value: "secret", isSecure: true)),
                .button(Button(id: "save", title: "Save")),
                .list(ListSection(id: "empty", items: [], emptyMessage: "Nothing yet")),
                .list(ListSection(id: "rows", items: [ListItem(id: "1", title: "Row", subtitle: "Sub", detail: "1h")])),
                .segmentedControl(
                    SegmentedControl(id: "s", segments: [.init(id: "a", title: "Alpha")], selectedID: "a")),
            ],
            errorMessage: "Oops")
    }

    private(set) var taps: [String] = []
    private(set) var typed: [String] = []
    override func handleAction(_ id: String) { taps.append(id) }
    override func handleText(_ text: String, forField id: String) { typed.append("\(id)=\(text)") }
}

@MainActor
final class ProfileCoordinator: ViewableCoordinator<ProfileScreen> {
    init(screen: ProfileScreen) {
        super.init(viewControllerable: screen, presenter: screen)
    }
}

@MainActor
final class NamedCoordinator: Coordinator {
    let label: String
    init(_ label: String) { self.label = label }
    override var name: String { label }
}
