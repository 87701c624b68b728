import AppData
import AppInterface
import Core
import FoundationEssentials

/// The stand-in parent of a feature playground, and the root of its coordinator tree: it owns the `playground`
/// screen (the root of `playground.navigation`) and shows the one feature there the ways a real parent does:
///
/// - `push`: pushed onto `playground.navigation` (the person's back removes it);
/// - `sheet`: wrapped in its own `playground.sheet` navigation controller and presented as a page sheet (the
///   person's swipe down removes it);
/// - `embed`: embedded in the `playground` screen, under the stand-in parent's own actions.
///
/// It starts with the feature pushed. Choosing another way builds the feature afresh. What the feature tells its
/// listener is listed on the `playground` screen; when it says it is done (logged in, logged out …) the parent
/// hides and releases it, as the app would, and `push`, `sheet` or `embed` shows a fresh one. Showing one empties
/// the list: what the one before did is not news about this one.
final class PlaygroundCoordinator: Coordinator, RootCoordinating, PlaygroundParent {
    /// How the stand-in parent shows the feature; the raw value is the action that chooses it.
    enum Presentation: String, CaseIterable {
        case push, sheet, embed
    }

    /// The window the playground is shown in.
    let window: Window
    private let playground: FeaturePlayground
    private let clock: AppClock
    private let screen: PlaygroundViewController
    /// `playground.navigation`, the window's root once started.
    private var navigation: NavigationController?
    /// The feature on screen and how it is shown; `nil` while it is hidden.
    private var shown: (hosted: FeaturePlayground.Hosted, presentation: Presentation)?

    /// What went wrong while the command being carried out ran.
    private let failures = CommandFailures()
    var now: Date { clock.now }

    /// The work the feature on screen says leaving would lose.
    var unsavedWork: UnsavedWork? { shown?.hosted.unsavedWork() }

    /// A playground keeps nothing and logs nobody in: nothing changes under it.
    func takeNotice() -> String? { nil }

    /// A playground counts nothing the person looks at: its start is a start.
    func beginStart() { start() }

    func endStart() {}

    func carryOut<Failure: Error>(_ command: () throws(Failure) -> Void) throws(Failure) -> AppFailure? {
        try failures.collect(command)
    }

    /// Creates the stand-in parent of `playground` in `window`.
    init(window: Window, playground: FeaturePlayground, clock: AppClock) {
        self.window = window
        self.playground = playground
        self.clock = clock
        screen = PlaygroundViewController(featureName: playground.name, summary: playground.summary)
        super.init()
        screen.listener = self
    }

    /// Names the hosted feature in the tree: `PlaygroundCoordinator(Login)`.
    override var name: String { "PlaygroundCoordinator(\(playground.name))" }

    override func didStart() {
        do {
            let navigation = try NavigationController(root: screen, screenID: "playground.navigation")
            try window.setRootViewController(navigation)
            self.navigation = navigation
            try show(.push)
        } catch {
            failures.record(.flowNotShown("the playground", reason: "\(error)"))
        }
    }

    override func didStop() {
        shown = nil
        navigation = nil
    }

    override func userDidRemove(_ child: any Coordinating) {
        guard let shown, child === shown.hosted.coordinator else { return }
        self.shown = nil
        screen.record("The person removed \(playground.name); its parent learnt it through userDidRemove(_:).")
        screen.showsFeature = false
    }

    /// Why a link is refused here: links go through the whole app.
    var linkRefusal: UserFacingError {
        UserFacingError(
            description:
                "links need the whole app; this playground hosts \(playground.name) alone (run app without --feature)")
    }

    func featureDidFinish(_ event: String) {
        screen.record("\(playground.name) told its parent: \(event)")
        do {
            try hideFeature()
        } catch {
            screen.showInlineError("\(playground.name) cannot be hidden: \(error)")
        }
    }

    // MARK: - Showing the feature

    /// Hides the feature if it is shown, then builds a fresh one and shows it as `presentation` says.
    private func show(_ presentation: Presentation) throws {
        try hideFeature()
        let hosted = playground.build(self)
        try addChild(hosted.coordinator) { [screen] featureScreen in
            switch presentation {
            case .push:
                try screen.push(featureScreen)
            case .sheet:
                let navigation = try NavigationController(root: featureScreen, screenID: "playground.sheet")
                try screen.present(navigation, style: .pageSheet)
            case .embed:
                try screen.setViewControllers([featureScreen])
            }
        }
        shown = (hosted, presentation)
        screen.showsFeature = true
        screen.forgetEvents()
        screen.showInlineError(nil)
    }

    /// Hides the feature and whatever it shows itself (a sheet it presented, a screen it pushed while embedded),
    /// then detaches it.
    private func hideFeature() throws {
        guard let shown, let navigation else { return }
        if !window.presentedViewControllers.isEmpty { try navigation.dismiss() }
        if navigation.viewControllers.count > 1 { try screen.pop(to: screen) }
        if shown.presentation == .embed { try screen.setViewControllers([]) }
        self.shown = nil
        screen.showsFeature = false
        try removeChild(shown.hosted.coordinator)
    }
}

extension PlaygroundCoordinator: PlaygroundScreenListener {
    func playgroundScreenDidChoose(_ presentation: Presentation) {
        do {
            try show(presentation)
        } catch {
            screen.showInlineError("\(playground.name) cannot be shown: \(error)")
        }
    }

    func playgroundScreenDidTapHide() {
        do {
            try hideFeature()
        } catch {
            screen.showInlineError("\(playground.name) cannot be hidden: \(error)")
        }
    }
}
