import Core
import CoreTesting
import ProfileFeature
import Testing

/// The person of these tests.
let testUser = ProfileUser(email: "ada@example.com")

/// Plays the parent of Profile, as the app would: it attaches the flow through the public builder, makes its
/// screen the root of a navigation controller in a window, and tears it down when the person logs out.
@MainActor
final class ProfileParent: Coordinator, ProfileListener {
    /// Where the parent puts the flow's screen.
    enum Placement {
        /// The root of a navigation controller that is the window's root.
        case rootOfNavigation
        /// The window's root, with no navigation controller (a parent's mistake: the edit cannot be pushed).
        case withoutNavigation
    }

    let window = Window()
    private let builder: any ProfileContainable
    /// The attached flow. Weak, so it is `nil` exactly when the flow was released.
    private(set) weak var profile: (any ProfileCoordinating)?
    private(set) var renames: [String] = []
    private(set) var logOutCount = 0

    init(service: FakeProfileService) {
        builder = ProfileContainer(dependency: service)
        super.init()
    }

    /// Builds the flow, attaches it and shows it.
    func showProfile(_ placement: Placement) throws {
        let child = builder.coordinator(listener: self, user: testUser)
        try addChild(child)
        switch placement {
        case .rootOfNavigation:
            try window.setRootViewController(NavigationController(root: child.viewControllerable))
        case .withoutNavigation:
            try window.setRootViewController(child.viewControllerable)
        }
        profile = child
    }

    func profileDidRename(to displayName: String) {
        renames.append(displayName)
    }

    func profileDidLogOut() {
        logOutCount += 1
        guard let profile else { return }
        try? removeChild(profile)
        try? window.setRootViewController(ViewController(screenID: "loggedOut"))
    }
}

/// Runs `flow` with a started parent that shows Profile, then stops the parent and expects every coordinator and
/// screen the flow created to be released.
@MainActor
func withProfileShown(
    service: FakeProfileService = FakeProfileService(),
    placement: ProfileParent.Placement = .rootOfNavigation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ flow: (ProfileParent, Window) throws -> Void
) throws {
    let report = try trackingLifetimes {
        let parent = ProfileParent(service: service)
        parent.start()
        try parent.showProfile(placement)
        try flow(parent, parent.window)
        parent.stop()
    }
    #expect(report.isClean, "\(report)", sourceLocation: sourceLocation)
}

extension Window {
    /// The ids of the actions of the screen on top.
    var actionIDs: [String] { topViewController?.content.actions.map(\.id) ?? [] }

    /// The value of the first field on top.
    var fieldValue: String? { topViewController?.content.fields.first?.displayedValue }
}
