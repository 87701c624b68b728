/// Anything that can stand for a screen: the seam between coordinators and the
/// view layer.
///
/// Coordinators and builders pass screens around as `any ViewControllerable`,
/// so a parent can show a child's screen without knowing its type. The routing
/// methods (present, dismiss, push, pop, set the stack) are in an extension on
/// this protocol.
@MainActor
public protocol ViewControllerable: AnyObject {
    /// The headless screen behind this value.
    var viewController: ViewController { get }
}

/// A headless screen: the stand-in for `UIViewController`.
///
/// Subclass it for each screen. Describe what a person sees by overriding
/// ``content``, react to input by overriding ``handleAction(_:)`` and
/// ``handleText(_:forField:)``, and follow the lifecycle by overriding
/// ``viewDidLoad()``, ``viewWillAppear()``, ``viewDidAppear()``,
/// ``viewWillDisappear()`` and ``viewDidDisappear()``.
///
/// Ownership follows UIKit: a navigation controller or container holds its
/// children strongly, a presenting context holds the screen it presents
/// strongly, and every back link (``parent``, ``presentingViewController``) is
/// weak. A screen that leaves the hierarchy is released unless something else
/// holds it.
@MainActor
open class ViewController: ViewControllerable {
    /// A stable name for this kind of screen, used in state dumps, events and
    /// tests (for example `"login"` or `"feed.post"`).
    public let screenID: String

    // The hierarchy's bookkeeping below is checked for exclusive access by the compiler only
    // (`@exclusivity(unchecked)`): it is touched on the main actor, in accesses that call no other code, and the
    // run-time check of each read cost as much as the read itself (a screen's window, its presented screen and the
    // appearance pass read them for every screen, after every change).
    /// The navigation controller or container this screen is a child of. Weak.
    public var parent: ViewController? { parentStorage.wrappedValue }
    /// Held without a side table (see `Weak`), as the other references to screens and windows below.
    @exclusivity(unchecked) final var parentStorage = Weak<ViewController>(wrappedValue: nil)

    /// The context that presents this screen, if it was presented. Weak.
    public var presentingViewController: ViewController? { presentingStorage.wrappedValue }
    @exclusivity(unchecked) final var presentingStorage = Weak<ViewController>(wrappedValue: nil)

    /// The style this screen was presented with. Meaningful only while
    /// ``presentingViewController`` is set.
    public internal(set) var modalPresentationStyle: PresentationStyle = .pageSheet

    /// Whether ``viewDidLoad()`` has run. It runs once, the first time the
    /// screen is about to appear or ``loadViewIfNeeded()`` is called.
    public private(set) var isViewLoaded = false

    /// Where the screen is in its appear and disappear cycle.
    @exclusivity(unchecked)
    public internal(set) var appearanceState: AppearanceState = .disappeared

    /// The screen this context presents; held here only on a containment root.
    @exclusivity(unchecked)
    var presentedStorage: ViewController?

    /// The window whose root this screen is, if any.
    var hostingWindow: Window? {
        get { hostingWindowStorage.wrappedValue }
        set { hostingWindowStorage.wrappedValue = newValue }
    }
    @exclusivity(unchecked) private final var hostingWindowStorage = Weak<Window>(wrappedValue: nil)

    /// How many actions are being handled now (an action may perform another).
    private static var actionDepth = 0
    /// Why the innermost action being handled was refused, if it was.
    private static var actionRefusal: String?

    /// Whoever must hear when the person removes this screen: the coordinator
    /// that owns it. See ``ScreenOwner``.
    weak var owner: (any ScreenOwner)?

    /// How many transitions in flight keep this screen from routing: as the
    /// stack that pushes or pops, the context that presents or dismisses, or a
    /// screen being presented or dismissed.
    var transitionLockCount = 0

    /// The transition that owes this screen its did-callback, while it appears
    /// or disappears in one.
    var transition: Transition? {
        get { transitionStorage.wrappedValue }
        set { transitionStorage.wrappedValue = newValue }
    }
    @exclusivity(unchecked) private final var transitionStorage = Weak<Transition>(wrappedValue: nil)

    /// Creates a screen named `screenID`.
    public init(screenID: String) {
        self.screenID = screenID
        LiveObjects.didCreate(self, kind: .screen)
    }

    deinit {
        LiveObjects.didDestroy(kind: .screen)
    }

    /// The screen itself: a view controller stands for itself.
    public var viewController: ViewController { self }

    // MARK: - Hierarchy

    /// The screen presented over this screen's presentation context, as in
    /// UIKit: a child of a navigation controller answers for the whole stack.
    public var presentedViewController: ViewController? { containmentRoot.presentedStorage }

    /// The nearest navigation controller that holds this screen, directly or
    /// through containers.
    public var enclosingNavigationController: NavigationController? {
        var ancestor = parent
        while let current = ancestor {
            if let navigation = current as? NavigationController { return navigation }
            ancestor = current.parent
        }
        return nil
    }

    /// Whether the screen is pushed, embedded, presented, or a window's root.
    public var isInHierarchy: Bool {
        parent != nil || presentingViewController != nil || hostingWindow != nil
    }

    /// The window that shows this screen's hierarchy, if any.
    public var window: Window? {
        var root = containmentRoot
        while let presenter = root.presentingViewController {
            root = presenter.containmentRoot
        }
        return root.hostingWindow
    }

    /// Whether this screen is `screen` or contains or presents it, directly or
    /// not. Showing this screen inside `screen` would make a cycle.
    func isAncestor(orSelfOf screen: ViewController) -> Bool {
        var current: ViewController? = screen
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.parent ?? candidate.presentingViewController
        }
        return false
    }

    /// The outermost container of this screen: where presentation happens.
    var containmentRoot: ViewController {
        var root = self
        while let next = root.parent { root = next }
        return root
    }

    /// Every child this screen contains (a stack, a container's children).
    var containedViewControllers: [ViewController] { [] }

    /// The child that is visible when this screen is (a stack's top, a
    /// container's selected child), if any.
    var visibleChild: ViewController? { nil }

    // MARK: - Lifecycle

    /// Loads the view if it is not loaded yet, calling ``viewDidLoad()`` once.
    public final func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
        window?.emit(.lifecycle(screenID, .viewDidLoad))
    }

    /// Called once, before the screen first appears. The default does nothing.
    open func viewDidLoad() {}

    /// Called before the screen appears. The default does nothing.
    open func viewWillAppear() {}

    /// Called after the screen appeared. The default does nothing.
    open func viewDidAppear() {}

    /// Called before the screen disappears. The default does nothing.
    open func viewWillDisappear() {}

    /// Called after the screen disappeared. The default does nothing.
    open func viewDidDisappear() {}

    /// Whether the user is prevented from swiping this screen down while it is
    /// (or is inside) a sheet, as in UIKit. Override it, for example to refuse
    /// while a draft is unsaved. The default is `false`.
    open var isModalInPresentation: Bool { false }

    /// Called when the user tried to swipe the sheet down but
    /// ``isModalInPresentation`` refused it; offer a way out here (for example
    /// a "Discard" action). The default does nothing.
    open func didAttemptUserDismissal() {}

    /// Whether the person is prevented from going back from this screen (the
    /// back button and the swipe back) while it is pushed: the navigation
    /// counterpart of ``isModalInPresentation``. Override it, for example to
    /// refuse while a form holds unsaved input. The default is `false`.
    ///
    /// It applies to the screen on top of a stack and to the screens it
    /// contains; a coordinator can still pop the screen.
    open var isModalInNavigation: Bool { false }

    /// Called when the person tried to go back but ``isModalInNavigation``
    /// refused it; offer a way out here. The default does nothing.
    open func didAttemptUserBack() {}

    // MARK: - Content and input

    /// What a person sees on this screen now. The default is an untitled,
    /// empty screen.
    open var content: ScreenContent { ScreenContent(title: "") }

    /// Performs the action `id`, as a tap would, and returns whether the screen
    /// refused it (see ``refuseAction(because:)``).
    ///
    /// - Throws: ``ScreenInputError/screenInTransition`` while the screen
    ///   appears or disappears in a transition (as UIKit ignores touches
    ///   then), ``ScreenInputError/unknownAction(_:)`` if ``content`` offers
    ///   no such action, ``ScreenInputError/actionDisabled(_:)`` if it is
    ///   disabled. ``handleAction(_:)`` runs only when the action is offered.
    @discardableResult
    public final func performAction(_ id: String) throws(ScreenInputError) -> ActionOutcome {
        try perform(id, offeredAs: nil)
    }

    /// ``performAction(_:)``, given the action as the content read just before offers it, so the content is not
    /// built again; `nil` reads it.
    final func perform(_ id: String, offeredAs offered: ScreenAction?) throws(ScreenInputError) -> ActionOutcome {
        guard transition == nil else { throw .screenInTransition }
        guard let action = offered ?? content.action(withID: id) else {
            throw .unknownAction(id)
        }
        guard action.isEnabled else { throw .actionDisabled(id) }
        let outer = ViewController.actionRefusal
        ViewController.actionRefusal = nil
        ViewController.actionDepth += 1
        handleAction(id)
        ViewController.actionDepth -= 1
        let refusal = ViewController.actionRefusal
        ViewController.actionRefusal = outer
        return refusal.map(ActionOutcome.refused) ?? .done
    }

    /// Refuses the action being performed, for `reason`: ``performAction(_:)``
    /// then returns ``ActionOutcome/refused(_:)`` with it, so whoever sent the
    /// action learns from the call itself that it did not go through.
    ///
    /// Call it while an action is handled, on any screen, directly or from what
    /// the action calls (a coordinator that finds a typed email malformed shows
    /// the message on its screen, and the screen refuses the action with it).
    /// The first refusal of an action is kept. Outside an action it does
    /// nothing, so a screen may call it wherever it shows an error.
    public final func refuseAction(because reason: String) {
        guard ViewController.actionDepth > 0, ViewController.actionRefusal == nil else { return }
        ViewController.actionRefusal = reason
    }

    /// The error this screen shows inline, if any (see ``showInlineError(_:)``);
    /// a screen passes it as its ``ScreenContent/errorMessage``. Typing into a
    /// field of the screen clears it: the input it was about has changed.
    public private(set) var inlineError: String?

    /// Shows `message` as this screen's inline error, or clears it with `nil`;
    /// while an action is handled, the action is refused with it (see
    /// ``refuseAction(because:)``): an error shown in answer to an action is
    /// that action's answer. The one way a screen says an action failed.
    public final func showInlineError(_ message: String?) {
        inlineError = message
        if let message { refuseAction(because: message) }
    }

    /// Sets the text of field `id`, as typing would.
    ///
    /// - Throws: ``ScreenInputError/screenInTransition`` while the screen
    ///   appears or disappears in a transition, ``ScreenInputError/unknownField(_:)``
    ///   if ``content`` shows no such field. ``handleText(_:forField:)`` runs
    ///   only when it does.
    public final func setText(_ text: String, forField id: String) throws(ScreenInputError) {
        try setText(text, forField: id, shown: false)
    }

    /// ``setText(_:forField:)``; `shown` when the content read just before shows the field, so the content is not
    /// built again.
    final func setText(_ text: String, forField id: String, shown: Bool) throws(ScreenInputError) {
        guard transition == nil else { throw .screenInTransition }
        guard shown || content.showsField(withID: id) else { throw .unknownField(id) }
        inlineError = nil
        handleText(text, forField: id)
    }

    /// Reacts to an offered action. The default does nothing.
    open func handleAction(_ id: String) {}

    /// Reacts to text typed into a shown field. The default does nothing.
    open func handleText(_ text: String, forField id: String) {}
}
