import Core
import CoreTesting
import Testing

@MainActor
final class Screen: ViewController {}

@MainActor
final class Child: ViewableCoordinator<Screen> {
    init(_ id: String) { let s = Screen(screenID: id); super.init(viewControllerable: s, presenter: s) }
}

@MainActor
final class Parent: Coordinator {
    var removed: [String] = []
    override func userDidRemove(_ child: any Coordinating) { removed.append(child.name) }
}

@MainActor
@Test func smoke() throws {
    let window = Window()
    let recorder = NavigationRecorder(window: window)
    let nav = try NavigationController(root: Screen(screenID: "root"))
    try window.setRootViewController(nav)
    let parent = Parent()
    parent.start()
    weak var weakChild: Child?
    try {
        let child = Child("detail")
        weakChild = child
        try parent.addChild(child)
        try nav.push(child.viewControllerable)
    }()
    #expect(window.topScreenID == "detail")
    recorder.reset()
    try window.perform(.backButton)
    print(recorder.events.map(\.description))
    #expect(weakChild == nil)
    #expect(parent.removed == ["Child"])
    #expect(parent.childCount == 0)
    let sheet = Screen(screenID: "sheet")
    try nav.present(sheet, style: .pageSheet)
    #expect(throws: NavigationError.alreadyPresenting) { try nav.present(Screen(screenID: "x")) }
    try window.perform(.swipeDown)
    #expect(window.presentedIDs == [])
}
