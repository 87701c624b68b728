import Core

/// A plain-value model of what Core documents: the screen hierarchy of one
/// window (stacks, containers, the presented chain), the coordinator tree, and
/// the starts, stops and user removals each change causes.
///
/// It is written from the documentation, not from Core's code, and kept simple
/// (arrays and dictionaries, linear scans) so that it is obviously right.
struct ReferenceModel {
    typealias Kind = ModelOperation.Kind

    struct Screen {
        let kind: Kind
        var stack: [String] = []
        var children: [String] = []
        var selected: Int?
        var parent: String?
        var presented: String?
        var presenter: String?
        var style: PresentationStyle = .pageSheet
        var owner: String?
        /// Refuses the swipe down of the sheet it is in, and the person's back while it is on top of a stack.
        var modal = false
        var attemptedDismissals = 0
        var attemptedBacks = 0
        /// Actions the screen took.
        var taps = 0
        /// A split's state: whether it shows one stack, and how many screens of its primary stack are the
        /// primary column's own while it does (the lowest count the stack reached since it collapsed).
        var isCollapsed = false
        var primaryDepth = 0
        /// A split's `backButtonClosesDetail`: expanded, the back button closes the item its secondary column
        /// holds alone.
        var closesOnBack = false
    }

    struct CoordinatorNode {
        var parent: String?
        var children: [String] = []
        let screen: String
        var isStarted = false
    }

    static let rootScreen = "root"
    static let rootCoordinator = "app"

    /// Every screen expected alive: in the hierarchy, or held by a coordinator or by a step in progress.
    /// Any change to it forgets what was read from it.
    private(set) var screens: [String: Screen] = [:] {
        didSet {
            readings = Readings()
            mayHaveReleased = true
        }
    }

    /// What was read from `screens` since it last changed: a run reads the hierarchy, what is visible and
    /// the snapshot several times per step, and changes the screens at most a few times. A copy of the model
    /// shares the readings until either changes its screens, which gives the changed one new readings.
    private final class Readings {
        var hierarchy: [String]?
        var visible: [String]?
        var snapshot: String?
        var screensOnTop: [String]?
        var presentedChain: [String]?
    }

    private var readings = Readings()
    /// Every coordinator expected alive.
    private(set) var coordinators: [String: CoordinatorNode] = [:] {
        didSet { mayHaveReleased = true }
    }
    /// Whether the screens, the coordinators or the pinned ones changed since `collectReleased()` last ran:
    /// what it releases depends on nothing else.
    private var mayHaveReleased = true
    /// What the coordinators report during the current step: `start x`, `stop x`, `removed x from y`.
    var log: [String] = []
    private var nextID = 0

    // MARK: Time, as documented for a window on a manual clock

    /// An animated change that takes time: it keeps `locks` from routing until the clock reaches `due`,
    /// then runs its completion, if it has one.
    struct Transition {
        let id: Int
        let due: Duration
        let locks: [String]
        let hasCompletion: Bool
    }

    /// An interactive gesture the person holds.
    struct HeldGesture {
        let gesture: UserGesture
        /// The navigation controller a swipe back pops, or the presenter a swipe down dismisses to.
        let from: String
        let locks: [String]
        /// The transition that stands for the gesture, held and then finishing or cancelling.
        var transitionID = 0
        /// The page a page swipe turns `from` to.
        var target = 0
        var progress = 0.0
        /// The screens visible when it began that leave if it finishes, and those it reveals.
        var leaving: Set<String> = []
        var revealed: Set<String> = []
    }

    /// The transitions waiting for the clock, oldest first.
    private(set) var transitions: [Transition] = []
    private(set) var held: HeldGesture?
    /// How many transitions in flight keep each screen from routing.
    private var lockCounts: [String: Int] = [:]
    /// The screens appearing or disappearing in a transition, and which one: they take no input. A screen
    /// moved again belongs to the newer change; moved without animation, it is still at once.
    private var movingScreens: [String: Int] = [:]
    private var nextTransitionID = 0
    /// The screens the last successful routing call keeps from routing while it is animated.
    private(set) var lastLocks: [String] = []
    /// How many completions should have run so far.
    private(set) var expectedCompletions = 0
    /// How many times each coordinator was stopped: a routing request made before a stop is dropped.
    private(set) var stopCounts: [String: Int] = [:]
    /// Coordinators held by a waiting request (with their screens), alive though not in the tree.
    var pinnedCoordinators: Set<String> = [] {
        didSet { mayHaveReleased = true }
    }

    /// The window's horizontal size class: compact, as a window starts.
    private(set) var sizeClass: SizeClass = .compact

    /// The screens moving in a transition now: they take no input.
    var movingScreenIDs: Set<String> { Set(movingScreens.keys) }

    /// Whether nothing moves: no transition waits for the clock and no gesture is held.
    var isIdle: Bool { transitions.isEmpty && held == nil }

    /// Whether routing that involves `id` is refused now.
    func isLocked(_ id: String) -> Bool { held != nil || lockCounts[id, default: 0] > 0 }

    /// Ends a successful routing call made at `now`: an animated one that changed what is visible takes
    /// the transition's duration and keeps `lastLocks` until then; anything else completes at once.
    @MainActor
    mutating func finishChange(animated: Bool, visibleBefore: [String], hasCompletion: Bool, now: Duration) {
        let moved = Self.moved(from: visibleBefore, to: visible)
        guard animated, !moved.isEmpty else {
            let visibleNow = Set(visible)
            for id in moved {
                // As in UIKit, a screen that appears inside a container still appearing in a transition appears
                // with it, and takes no input until that transition ends (UIKit ignores touches while it runs).
                movingScreens[id] = visibleNow.contains(id) ? appearingTransition(enclosing: id) : nil
            }
            if hasCompletion { expectedCompletions += 1 }
            return
        }
        let transitionID = newTransitionID()
        for id in moved { movingScreens[id] = transitionID }
        startTransition(
            transitionID, due: now + Window.transitionDuration, locks: lastLocks, hasCompletion: hasCompletion)
    }

    /// `id` and every screen it contains (a stack's screens, a container's children), depth first.
    func containedSubtree(of id: String) -> [String] {
        var result: [String] = []
        appendContainedSubtree(id, to: &result)
        return result
    }

    private func appendContainedSubtree(_ id: String, to result: inout [String]) {
        result.append(id)
        let node = screen(id)
        for child in node.stack { appendContainedSubtree(child, to: &result) }
        for child in node.children { appendContainedSubtree(child, to: &result) }
    }

    /// The transition that a container of `id`, visible and moving, is appearing in, if any.
    private func appearingTransition(enclosing id: String) -> Int? {
        let visibleNow = Set(visible)
        var ancestor = screen(id).parent
        while let current = ancestor {
            if visibleNow.contains(current), let transition = movingScreens[current] { return transition }
            ancestor = screen(current).parent
        }
        return nil
    }

    /// The screens that appear or disappear when what is visible goes from `before` to `after`.
    private static func moved(from before: [String], to after: [String]) -> Set<String> {
        Set(before).symmetricDifference(after)
    }

    private mutating func newTransitionID() -> Int {
        nextTransitionID += 1
        return nextTransitionID
    }

    private mutating func startTransition(_ id: Int, due: Duration, locks: [String], hasCompletion: Bool) {
        for screen in locks { lockCounts[screen, default: 0] += 1 }
        transitions.append(Transition(id: id, due: due, locks: locks, hasCompletion: hasCompletion))
    }

    /// Ends every transition due by `time`, releasing its locks and its screens and running its completion.
    mutating func endTransitions(dueBy time: Duration) {
        var ended = Set<Int>()
        for transition in transitions where transition.due <= time {
            for id in transition.locks { lockCounts[id, default: 0] -= 1 }
            if transition.hasCompletion { expectedCompletions += 1 }
            ended.insert(transition.id)
        }
        guard !ended.isEmpty else { return }
        transitions.removeAll { ended.contains($0.id) }
        movingScreens = movingScreens.filter { !ended.contains($0.value) }
    }

    /// The person taps the action every plain screen offers: it goes to the screen on top, unless that
    /// screen is moving.
    mutating func tap() -> Result<String, ScreenInputError> {
        guard let leaf = screensOnTop.last(where: { screen($0).kind == .plain }) else {
            return .failure(.unknownAction(ModelOperation.tapAction))
        }
        guard movingScreens[leaf] == nil else { return .failure(.screenInTransition) }
        screens[leaf]?.taps += 1
        return .success(leaf)
    }

    /// The window's initial state: a container owned by the root coordinator, with two navigation stacks.
    /// With `splitTab`, the tab bar has a third tab: a split with a list in its primary column and nothing
    /// open, expanded as it was made, since it has not appeared yet.
    init(splitTab: Bool = true) {
        let tabs = splitTab ? ["main", "second", "third"] : ["main", "second"]
        screens["root"] = Screen(kind: .container, children: tabs, selected: 0, owner: "app")
        screens["main"] = Screen(kind: .navigation, stack: ["home"], parent: "root")
        screens["second"] = Screen(kind: .navigation, stack: ["home2"], parent: "root")
        screens["home"] = Screen(kind: .plain, parent: "main")
        screens["home2"] = Screen(kind: .plain, parent: "second")
        if splitTab {
            screens["third"] = Screen(kind: .split, children: ["list.nav", "item.nav"], parent: "root")
            screens["list.nav"] = Screen(kind: .navigation, stack: ["list"], parent: "third")
            screens["item.nav"] = Screen(kind: .navigation, parent: "third")
            screens["list"] = Screen(kind: .plain, parent: "list.nav")
            splitIDs.append("third")
        }
        badges = tabs.map { _ in nil }
        coordinators["app"] = CoordinatorNode(screen: "root", isStarted: true)
    }

    func screen(_ id: String) -> Screen { screens[id] ?? Screen(kind: .plain) }

    // MARK: - Creating

    /// Creates a screen outside the hierarchy (a navigation controller gets a plain root, a container one
    /// plain child) and returns the ids created, the screen first.
    mutating func makeScreen(_ kind: Kind, modal: Bool) -> [String] {
        nextID += 1
        switch kind {
        case .plain:
            let id = "p\(nextID)"
            screens[id] = Screen(kind: .plain, modal: modal)
            return [id]
        case .navigation:
            let id = "n\(nextID)"
            let root = "p\(nextID)r"
            screens[id] = Screen(kind: .navigation, stack: [root])
            screens[root] = Screen(kind: .plain, parent: id, modal: modal)
            return [id, root]
        case .container:
            let id = "c\(nextID)"
            let child = "p\(nextID)c"
            screens[id] = Screen(kind: .container, children: [child], selected: 0)
            screens[child] = Screen(kind: .plain, parent: id, modal: modal)
            return [id, child]
        case .pages:
            let id = "g\(nextID)"
            let pages = ["p\(nextID)a", "p\(nextID)b"]
            screens[id] = Screen(kind: .pages, children: pages, selected: 0)
            screens[pages[0]] = Screen(kind: .plain, parent: id, modal: modal)
            screens[pages[1]] = Screen(kind: .plain, parent: id)
            return [id] + pages
        case .split:
            // Expanded, as a split is created: a list in the primary column, an item open in the secondary.
            let id = "s\(nextID)"
            let (primary, list, secondary, item) = ("\(id)p", "p\(nextID)l", "\(id)s", "p\(nextID)i")
            screens[id] = Screen(kind: .split, children: [primary, secondary])
            screens[primary] = Screen(kind: .navigation, stack: [list], parent: id)
            screens[list] = Screen(kind: .plain, parent: primary, modal: modal)
            screens[secondary] = Screen(kind: .navigation, stack: [item], parent: id)
            screens[item] = Screen(kind: .plain, parent: secondary)
            splitIDs.append(id)
            return [id, primary, list, secondary, item]
        }
    }

    mutating func makeCoordinator(owning screen: String) -> String {
        nextID += 1
        let id = "k\(nextID)"
        coordinators[id] = CoordinatorNode(screen: screen)
        screens[screen]?.owner = id
        return id
    }

    // MARK: - Reading the hierarchy

    /// Every screen in the window, depth first: a screen, what it contains, then what it presents.
    var hierarchy: [String] {
        if let hierarchy = readings.hierarchy { return hierarchy }
        var result: [String] = []
        appendSubtree(Self.rootScreen, to: &result)
        readings.hierarchy = result
        return result
    }

    func appendSubtree(_ id: String, to result: inout [String]) {
        result.append(id)
        let node = screen(id)
        for child in node.stack { appendSubtree(child, to: &result) }
        for child in node.children { appendSubtree(child, to: &result) }
        if let presented = node.presented { appendSubtree(presented, to: &result) }
    }

    /// The coordinators of the tree, depth first.
    var tree: [String] {
        var result: [String] = []
        func visit(_ id: String) {
            result.append(id)
            for child in coordinators[id]?.children ?? [] { visit(child) }
        }
        visit(Self.rootCoordinator)
        return result
    }

    /// The tree as lines: indentation for depth, `+` started, `-` stopped.
    var treeLines: [String] {
        var lines: [String] = []
        func visit(_ id: String, _ indent: String) {
            let node = coordinators[id]
            lines.append(indent + id + (node?.isStarted == true ? "+" : "-"))
            for child in node?.children ?? [] { visit(child, indent + "  ") }
        }
        visit(Self.rootCoordinator, "")
        return lines
    }

    var presentedChain: [String] {
        if let chain = readings.presentedChain { return chain }
        var chain: [String] = []
        var next = screen(Self.rootScreen).presented
        while let current = next {
            chain.append(current)
            next = screen(current).presented
        }
        readings.presentedChain = chain
        return chain
    }

    func visibleChild(_ id: String) -> String? {
        let node = screen(id)
        switch node.kind {
        case .plain: return nil
        case .navigation: return node.stack.last
        case .container, .pages: return node.selected.map { node.children[$0] }
        case .split: return visibleColumns(of: id).last
        }
    }

    /// The columns of split `id` a person sees: the primary, and the secondary when expanded and not empty.
    func visibleColumns(of id: String) -> [String] {
        let node = screen(id)
        guard node.children.count == 2 else { return [] }
        return node.isCollapsed || screen(node.children[1]).stack.isEmpty ? [node.children[0]] : node.children
    }

    /// `id` and, depth first, the visible children inside it: both columns of an expanded split.
    private func appendOnTop(_ id: String, to result: inout [String]) {
        result.append(id)
        if screen(id).kind == .split {
            for column in visibleColumns(of: id) { appendOnTop(column, to: &result) }
        } else if let child = visibleChild(id) {
            appendOnTop(child, to: &result)
        }
    }

    var screensOnTop: [String] {
        if let onTop = readings.screensOnTop { return onTop }
        var result: [String] = []
        appendOnTop(presentedChain.last ?? Self.rootScreen, to: &result)
        readings.screensOnTop = result
        return result
    }

    /// What is visible: the presentation levels from the topmost full-screen one up, and in each the
    /// visible child of every container, down to the leaf.
    var visible: [String] {
        if let visible = readings.visible { return visible }
        let levels = [Self.rootScreen] + presentedChain
        var first = 0
        for (index, level) in levels.enumerated() where index > 0 && screen(level).style == .fullScreen {
            first = index
        }
        var result: [String] = []
        for level in levels[first...] { appendOnTop(level, to: &result) }
        readings.visible = result
        return result
    }

    /// The splits of the hierarchy, outermost first.
    var splits: [String] { hierarchy.filter { splitIDs.contains($0) } }

    /// Every split expected alive, in the hierarchy or not, in the order they were made.
    private(set) var splitIDs: [String] = []

    /// The containers other than the root, which is a tab bar with two fixed tabs.
    var containers: [String] { hierarchy.filter { screen($0).kind == .container && $0 != Self.rootScreen } }

    /// The page containers of the hierarchy.
    var pageContainers: [String] { hierarchy.filter { screen($0).kind == .pages } }

    /// The app turns `container` to the page `index`: refused while anything moves; the current page
    /// again changes nothing.
    mutating func turnPage(index: Int, in container: String) -> Result<[String], NavigationError> {
        guard screen(container).children.indices.contains(index) else { return .failure(.indexOutOfRange) }
        guard isIdle else { return .failure(.transitionInProgress) }
        lastLocks = [container]
        screens[container]?.selected = index
        return .success([])
    }

    /// The person swipes the page container on top to the next or the previous page, in one go.
    mutating func swipePage(_ gesture: UserGesture) -> Result<[String], NavigationError> {
        self.gesture(gesture).map { held in finish(held) }
    }

    /// The badge of each of the root tab bar's tabs.
    private(set) var badges: [String?] = []

    mutating func setBadge(_ badge: String?, at index: Int) { badges[index] = badge }

    /// The app selects the root's tab `index`: instant, refused while anything moves.
    mutating func selectTab(index: Int) -> Result<[String], NavigationError> {
        guard isIdle else { return .failure(.transitionInProgress) }
        screens[Self.rootScreen]?.selected = index
        return .success([])
    }

    /// The person taps the root's tab `index`: another tab is selected; the selected one, tapped again, pops
    /// its stack to the root as the person's removal, unless a screen it would pop refuses the back.
    mutating func tapTab(index: Int) -> Result<[String], NavigationError> {
        guard presentedChain.isEmpty else { return .failure(.noTabBar) }
        guard held == nil, transitions.isEmpty else { return .failure(.transitionInProgress) }
        let root = screen(Self.rootScreen)
        guard root.selected == index else {
            screens[Self.rootScreen]?.selected = index
            return .success([])
        }
        // A stack keeps its root; a split closes its secondary column and keeps its primary column's root.
        let tab = root.children[index]
        let stacks =
            screen(tab).kind == .split ? [(screen(tab).children[1], 0), (screen(tab).children[0], 1)] : [(tab, 1)]
        let leaving = stacks.flatMap { screen($0.0).stack.dropFirst($0.1).reversed() }
        guard !leaving.isEmpty else { return .success([]) }
        if let refusing = leaving.flatMap({ containedSubtree(of: $0) }).first(where: { screen($0).modal }) {
            screens[refusing]?.attemptedBacks += 1
            return .failure(.backRefused)
        }
        var removed: [String] = []
        lastLocks = []
        for (navigation, kept) in stacks where screen(navigation).stack.count > kept {
            lastLocks.append(navigation)
            removed += popAbove(index: kept - 1, in: navigation, limit: .max)
        }
        detachOwners(of: removed, byUser: true)
        return .success(removed)
    }

    /// The hierarchy as one line, in the format `LiveSystem.snapshot` prints Core's.
    var snapshot: String {
        if let snapshot = readings.snapshot { return snapshot }
        var text = ""
        describe(Self.rootScreen, into: &text)
        readings.snapshot = text
        return text
    }

    private func describe(_ id: String, into text: inout String) {
        let node = screen(id)
        text += id
        func describeAll(_ ids: [String]) {
            for (index, child) in ids.enumerated() {
                if index > 0 { text += "," }
                describe(child, into: &text)
            }
        }
        switch node.kind {
        case .plain: break
        case .navigation:
            text += "["
            describeAll(node.stack)
            text += "]"
        case .container, .pages:
            text += "{"
            describeAll(node.children)
            text += "|" + (node.selected.map { String($0) } ?? "-") + "}"
        case .split:
            text += "{"
            describeAll(node.children)
            text += node.isCollapsed ? "|c}" : "|e}"
        }
        if let presented = node.presented {
            text += " ^" + screen(presented).style.rawValue + " "
            describe(presented, into: &text)
        }
    }

    private func containmentRoot(_ id: String) -> String {
        var current = id
        while let parent = screen(current).parent { current = parent }
        return current
    }

    private func resolvedNavigation(_ id: String) -> String? {
        var current: String? = id
        while let candidate = current {
            if screen(candidate).kind == .navigation { return candidate }
            current = screen(candidate).parent
        }
        return nil
    }

    func depth(_ coordinator: String) -> Int {
        var count = 0
        var current = coordinators[coordinator]?.parent
        while let parent = current {
            count += 1
            current = coordinators[parent]?.parent
        }
        return count
    }

    // MARK: - Routing, as documented

    mutating func push(_ screenID: String, from target: String) -> Result<[String], NavigationError> {
        guard let navigation = resolvedNavigation(target) else { return .failure(.noNavigationController) }
        guard !isLocked(navigation) else { return .failure(.transitionInProgress) }
        guard screen(screenID).kind != .navigation else { return .failure(.cannotPushNavigationController) }
        lastLocks = [navigation]
        screens[navigation]?.stack.append(screenID)
        screens[screenID]?.parent = navigation
        return .success([])
    }

    mutating func pop(from target: String) -> Result<[String], NavigationError> {
        guard let navigation = resolvedNavigation(target) else { return .failure(.noNavigationController) }
        guard !isLocked(navigation) else { return .failure(.transitionInProgress) }
        guard screen(navigation).stack.count > 1 else { return .failure(.cannotPopRoot) }
        lastLocks = [navigation]
        return .success(popAbove(index: 0, in: navigation, limit: 1))
    }

    mutating func popToRoot(from target: String) -> Result<[String], NavigationError> {
        guard let navigation = resolvedNavigation(target) else { return .failure(.noNavigationController) }
        guard !isLocked(navigation) else { return .failure(.transitionInProgress) }
        lastLocks = [navigation]
        return .success(popAbove(index: 0, in: navigation, limit: .max))
    }

    mutating func pop(to screenID: String, from target: String) -> Result<[String], NavigationError> {
        guard let navigation = resolvedNavigation(target) else { return .failure(.noNavigationController) }
        guard !isLocked(navigation) else { return .failure(.transitionInProgress) }
        guard let index = screen(navigation).stack.lastIndex(of: screenID) else {
            return .failure(.notInNavigationStack)
        }
        lastLocks = [navigation]
        return .success(popAbove(index: index, in: navigation, limit: .max))
    }

    /// Replaces the stack of the navigation controller of `target`; returns the screens it dropped, top first.
    mutating func setStack(_ stack: [String], from target: String) -> Result<[String], NavigationError> {
        guard let navigation = resolvedNavigation(target) else { return .failure(.noNavigationController) }
        guard !isLocked(navigation) else { return .failure(.transitionInProgress) }
        guard !stack.isEmpty else { return .failure(.emptyStack) }
        var seen = Set<String>()
        for id in stack {
            guard seen.insert(id).inserted else { return .failure(.duplicateScreen) }
        }
        lastLocks = [navigation]
        let dropped = screen(navigation).stack.reversed().filter { !seen.contains($0) }
        for id in dropped { screens[id]?.parent = nil }
        for id in stack { screens[id]?.parent = navigation }
        screens[navigation]?.stack = stack
        noteStackShrank(navigation)
        return .success(dropped)
    }

    /// The stack of the navigation controller of `target`, if it has one.
    func navigationStack(of target: String) -> [String]? {
        resolvedNavigation(target).map { screen($0).stack }
    }

    /// Pops up to `limit` screens above `index`, top first.
    private mutating func popAbove(index: Int, in navigation: String, limit: Int) -> [String] {
        var popped: [String] = []
        while popped.count < limit, let count = screens[navigation]?.stack.count, count > index + 1,
            let top = screens[navigation]?.stack.removeLast()
        {
            screens[top]?.parent = nil
            popped.append(top)
        }
        noteStackShrank(navigation)
        return popped
    }

    /// A collapsed split remembers the lowest its primary stack went: the screens above come from, or go to,
    /// the secondary column.
    private mutating func noteStackShrank(_ navigation: String) {
        guard let split = screen(navigation).parent, screen(split).kind == .split,
            screen(split).children.first == navigation, screen(split).isCollapsed
        else { return }
        let depth = min(screen(split).primaryDepth, screen(navigation).stack.count)
        screens[split]?.primaryDepth = depth
    }

    mutating func present(
        _ screenID: String, from target: String, style: PresentationStyle
    )
        -> Result<[String], NavigationError>
    {
        let context = containmentRoot(target)
        guard !isLocked(target), !isLocked(context) else { return .failure(.transitionInProgress) }
        guard screen(context).presented == nil else { return .failure(.alreadyPresenting) }
        lastLocks = [context, screenID]
        screens[context]?.presented = screenID
        screens[screenID]?.presenter = context
        screens[screenID]?.style = style
        return .success([])
    }

    mutating func dismiss(from target: String) -> Result<[String], NavigationError> {
        let context = containmentRoot(target)
        let presenter: String
        if screen(context).presented != nil {
            presenter = context
        } else if let presenting = screen(context).presenter {
            presenter = presenting
        } else {
            return .failure(.nothingToDismiss)
        }
        let presented = screen(presenter).presented
        guard !isLocked(presenter), presented == nil || !isLocked(presented ?? "") else {
            return .failure(.transitionInProgress)
        }
        let chain = dismissChain(above: presenter)
        lastLocks = [presenter] + chain
        return .success(chain)
    }

    /// Dismisses everything presented above `level`, returning it top first.
    private mutating func dismissChain(above level: String) -> [String] {
        var chain: [String] = []
        var next = screen(level).presented
        while let current = next {
            chain.append(current)
            next = screen(current).presented
        }
        screens[level]?.presented = nil
        for id in chain {
            screens[id]?.presented = nil
            screens[id]?.presenter = nil
        }
        return chain.reversed()
    }

    mutating func embed(_ screenID: String, in container: String) {
        screens[container]?.children.append(screenID)
        let count = screen(container).children.count
        screens[container]?.selected = count - 1
        screens[screenID]?.parent = container
    }

    /// Removes `screenID` from its container, keeping the visible child visible when it stays.
    mutating func unembed(_ screenID: String, from container: String) -> (children: [String], selected: Int) {
        let node = screen(container)
        let remaining = node.children.filter { $0 != screenID }
        let selectedID = node.selected.map { node.children[$0] }
        let selected = remaining.firstIndex { $0 == selectedID } ?? 0
        screens[container]?.children = remaining
        screens[container]?.selected = remaining.isEmpty ? nil : selected
        screens[screenID]?.parent = nil
        return (remaining, selected)
    }

    mutating func select(index: Int, in container: String) -> Result<[String], NavigationError> {
        guard screen(container).children.indices.contains(index) else { return .failure(.indexOutOfRange) }
        guard held == nil else { return .failure(.transitionInProgress) }
        screens[container]?.selected = index
        return .success([])
    }

    // MARK: - Splits, as documented

    /// The split opens `item` as UIKit's `showDetailViewController` does: expanded, it replaces the secondary
    /// stack at once and returns what that held, top first; collapsed, it pushes it onto the one stack.
    mutating func showDetail(_ item: String, in split: String) -> Result<[String], NavigationError> {
        let (primary, secondary) = (screen(split).children[0], screen(split).children[1])
        if screen(split).isCollapsed { return push(item, from: primary) }
        guard screen(item).kind != .navigation else { return .failure(.cannotPushNavigationController) }
        guard !isLocked(secondary) else { return .failure(.transitionInProgress) }
        lastLocks = [secondary]
        let previous = screen(secondary).stack
        for id in previous { screens[id]?.parent = nil }
        screens[secondary]?.stack = [item]
        screens[item]?.parent = secondary
        return .success(previous.reversed())
    }

    /// What the split shows in its secondary column, wherever it is now.
    func detail(of split: String) -> [String] {
        let node = screen(split)
        let (primary, secondary) = (screen(node.children[0]).stack, screen(node.children[1]).stack)
        guard node.isCollapsed else { return secondary }
        return Array(primary[min(node.primaryDepth, primary.count)...]) + secondary
    }

    /// The split closes what its secondary column shows: expanded, at once; collapsed, popping the one stack
    /// back to the primary column's own screens (never below its root). Returns the screens closed.
    mutating func closeDetail(in split: String) -> Result<[String], NavigationError> {
        let (primary, secondary) = (screen(split).children[0], screen(split).children[1])
        guard !isLocked(primary), !isLocked(secondary) else { return .failure(.transitionInProgress) }
        guard !detail(of: split).isEmpty else { return .success([]) }
        guard screen(split).isCollapsed else {
            lastLocks = [secondary]
            return .success(popAbove(index: -1, in: secondary, limit: .max))
        }
        lastLocks = [primary]
        let kept = min(max(screen(split).primaryDepth, 1), screen(primary).stack.count)
        let closedSecondary = popAbove(index: -1, in: secondary, limit: .max)
        return .success(closedSecondary + popAbove(index: kept - 1, in: primary, limit: .max))
    }

    /// Whether a transition in flight, or one starting with `locks`, moves a stack of `split`, so it cannot
    /// change columns now. One that moves the split as a whole (its presentation) does not keep it from
    /// taking the window's size class before it appears.
    func isMovingColumns(_ split: String, locks: [String] = []) -> Bool {
        screen(split).children.contains { lockCounts[$0, default: 0] > 0 || locks.contains($0) }
    }

    /// Collapses or expands `split` to suit the window's size class.
    mutating func adapt(_ split: String) {
        let collapses = sizeClass == .compact
        guard collapses != screen(split).isCollapsed else { return }
        let (primary, secondary) = (screen(split).children[0], screen(split).children[1])
        if collapses {
            let depth = screen(primary).stack.count
            screens[split]?.primaryDepth = depth
            let moved = screen(secondary).stack
            screens[secondary]?.stack = []
            screens[primary]?.stack += moved
            for id in moved { screens[id]?.parent = primary }
        } else {
            let stack = screen(primary).stack
            let kept = min(screen(split).primaryDepth, stack.count)
            let moved = Array(stack[kept...])
            screens[primary]?.stack = Array(stack[..<kept])
            let secondaryStack = moved + screen(secondary).stack
            screens[secondary]?.stack = secondaryStack
            for id in moved { screens[id]?.parent = secondary }
        }
        screens[split]?.isCollapsed = collapses
        if collapses { self.collapses += 1 } else { expansions += 1 }
    }

    /// How many times a split collapsed, and expanded.
    private(set) var collapses = 0
    private(set) var expansions = 0

    /// Sets the window's size class; returns whether it changed.
    mutating func setSizeClass(_ sizeClass: SizeClass) -> Bool {
        guard sizeClass != self.sizeClass else { return false }
        self.sizeClass = sizeClass
        return true
    }

    /// Makes every split of the window that no transition moves suit the window's size class, at once, as
    /// when the window becomes idle after a change of size class.
    @MainActor
    mutating func adaptSplits() {
        let visibleBefore = visible
        for split in splits where !isMovingColumns(split) { adapt(split) }
        settleInstantChange(from: visibleBefore)
    }

    /// A split that appears takes the window's size class first, unless a transition (one in flight, or the
    /// one starting with `locks`) moves its stacks; then it adapts when the window is idle. Returns whether a
    /// split waits for that.
    mutating func adaptAppearingSplits(visibleBefore: [String], movingBefore: Set<String>, locks: [String]) -> Bool {
        adaptAppearingSplits(revealedBy: nil, visibleBefore: visibleBefore, movingBefore: movingBefore, locks: locks)
    }

    /// What is visible, or what will be when the held `gesture` finishes.
    private func visible(revealedBy gesture: HeldGesture?) -> [String] {
        guard let gesture else { return visible }
        var finished = self
        _ = finished.finish(gesture)
        return finished.visible
    }

    private mutating func adaptAppearingSplits(
        revealedBy gesture: HeldGesture?, visibleBefore: [String], movingBefore: Set<String>, locks: [String]
    ) -> Bool {
        // Most of the time every split suits the window already.
        guard splitIDs.contains(where: { screen($0).isCollapsed != (sizeClass == .compact) }) else { return false }
        var waits = false
        var adapted = Set<String>()
        while let split = visible(revealedBy: gesture).first(where: {
            screen($0).kind == .split && !visibleBefore.contains($0) && !movingBefore.contains($0)
                && !adapted.contains($0) && screen($0).isCollapsed != (sizeClass == .compact)
        }) {
            adapted.insert(split)
            if isMovingColumns(split, locks: locks) { waits = true } else { adapt(split) }
        }
        return waits
    }

    /// The screens an instant change moved are still at once, or move with a container appearing around them.
    @MainActor
    private mutating func settleInstantChange(from visibleBefore: [String]) {
        let visibleNow = Set(visible)
        for id in Self.moved(from: visibleBefore, to: visible) {
            movingScreens[id] = visibleNow.contains(id) ? appearingTransition(enclosing: id) : nil
        }
    }

    // MARK: - Pages, as documented

    /// Replaces the pages of `container`, making the one at `current` current; returns the pages dropped.
    mutating func setPages(_ pages: [String], current: Int, in container: String) -> Result<[String], NavigationError> {
        guard pages.isEmpty || pages.indices.contains(current) else { return .failure(.indexOutOfRange) }
        guard !isLocked(container) else { return .failure(.transitionInProgress) }
        let dropped = screen(container).children.filter { !pages.contains($0) }
        for id in dropped { screens[id]?.parent = nil }
        for id in pages { screens[id]?.parent = container }
        screens[container]?.children = pages
        screens[container]?.selected = pages.isEmpty ? nil : current
        return .success(dropped)
    }

    // MARK: - Gestures, as documented

    mutating func back(_ gesture: UserGesture) -> Result<[String], NavigationError> {
        self.gesture(gesture).map { held in finish(held) }
    }

    /// How many times the back button closed the item of an expanded split.
    private(set) var detailsClosedByBack = 0

    /// Whether `navigation` is the secondary column of an expanded split whose back button closes its item,
    /// holding that item alone: the back button then pops its root too; the swipe back does not.
    func isClosableDetailColumn(_ navigation: String) -> Bool {
        guard screen(navigation).stack.count == 1, let split = screen(navigation).parent else { return false }
        let node = screen(split)
        return node.kind == .split && node.closesOnBack && !node.isCollapsed && node.children.last == navigation
    }

    /// Split `split` lets the back button close its item, or stops.
    mutating func setClosesOnBack(_ on: Bool, split: String) { screens[split]?.closesOnBack = on }

    mutating func swipeDown() -> Result<[String], NavigationError> {
        gesture(.swipeDown).map { held in finish(held) }
    }

    /// Checks that `gesture` may start now and says what it would remove, without removing it. A sheet
    /// that refuses is told, as a refused gesture tells it.
    mutating func gesture(_ gesture: UserGesture) -> Result<HeldGesture, NavigationError> {
        guard held == nil else { return .failure(.gestureInProgress) }
        guard transitions.isEmpty else { return .failure(.transitionInProgress) }
        switch gesture {
        case .backButton, .swipeBack:
            guard
                let navigation = screensOnTop.reversed().first(where: {
                    screen($0).stack.count > 1 || (gesture == .backButton && isClosableDetailColumn($0))
                })
            else { return .failure(.nothingToGoBack) }
            // The screen that would leave, or one it contains, visible or not (a hidden tab), may refuse; the
            // first of them, depth first, is told.
            if let leaving = screen(navigation).stack.last,
                let refusing = containedSubtree(of: leaving).first(where: { screen($0).modal })
            {
                screens[refusing]?.attemptedBacks += 1
                return .failure(.backRefused)
            }
            return .success(HeldGesture(gesture: .swipeBack, from: navigation, locks: [navigation]))
        case .swipeDown:
            guard let sheet = presentedChain.last, let presenter = screen(sheet).presenter else {
                return .failure(.nothingToDismiss)
            }
            guard screen(sheet).style.allowsSwipeDown else { return .failure(.notSwipeDismissible) }
            if let refusing = screensOnTop.last(where: { screen($0).modal }) {
                screens[refusing]?.attemptedDismissals += 1
                return .failure(.dismissalRefused)
            }
            return .success(HeldGesture(gesture: .swipeDown, from: presenter, locks: [presenter, sheet]))
        case .swipeToNextPage, .swipeToPreviousPage:
            guard let container = screensOnTop.last(where: { screen($0).kind == .pages }) else {
                return .failure(.noPageContainer)
            }
            let target = (screen(container).selected ?? 0) + (gesture == .swipeToNextPage ? 1 : -1)
            guard screen(container).children.indices.contains(target) else { return .failure(.noPageToTurnTo) }
            return .success(HeldGesture(gesture: gesture, from: container, locks: [container], target: target))
        }
    }

    /// Removes what a gesture removes when it finishes, and detaches the owners as the person removed them.
    private mutating func finish(_ gesture: HeldGesture) -> [String] {
        if gesture.gesture == .swipeToNextPage || gesture.gesture == .swipeToPreviousPage {
            screens[gesture.from]?.selected = gesture.target
            lastLocks = gesture.locks
            return []
        }
        let removed: [String]
        if gesture.gesture == .swipeDown {
            removed = dismissChain(above: gesture.from)
        } else if screen(gesture.from).stack.count == 1 {
            // Only the back button starts from a stack holding its root alone: the item of a split it closes.
            removed = popAbove(index: -1, in: gesture.from, limit: 1)
            detailsClosedByBack += 1
        } else {
            removed = popAbove(index: 0, in: gesture.from, limit: 1)
        }
        detachOwners(of: removed, byUser: true)
        lastLocks = gesture.locks
        return removed
    }

    mutating func beginGesture(_ gesture: UserGesture) -> Result<[String], NavigationError> {
        guard gesture != .backButton else { return .failure(.gestureNotInteractive) }
        return self.gesture(gesture).map { gesture in
            // A split the gesture reveals for the first time takes the window's size class first.
            _ = adaptAppearingSplits(
                revealedBy: gesture, visibleBefore: visible, movingBefore: movingScreenIDs, locks: gesture.locks)
            // The screens that would leave or be revealed get their will-callbacks now and move with the
            // gesture until it ends.
            var finished = self
            _ = finished.finish(gesture)
            var held = gesture
            held.transitionID = newTransitionID()
            let visibleNow = Set(visible)
            for id in Self.moved(from: visible, to: finished.visible) {
                movingScreens[id] = held.transitionID
                if visibleNow.contains(id) { held.leaving.insert(id) } else { held.revealed.insert(id) }
            }
            self.held = held
            return []
        }
    }

    mutating func moveGesture(to progress: Double) -> Result<[String], NavigationError> {
        guard held != nil else { return .failure(.noGestureInProgress) }
        held?.progress = progress
        return .success([])
    }

    /// Releases the held gesture at `now`: it finishes or cancels over the part of the duration it has
    /// not covered. Returns whether it finishes, and what it removed.
    @MainActor
    mutating func releaseGesture(
        _ release: ModelOperation.Release, now: Duration
    ) -> Result<(finishes: Bool, removed: [String]), NavigationError> {
        guard let gesture = held else { return .failure(.noGestureInProgress) }
        let finishes =
            switch release {
            case .finish: true
            case .cancel: false
            case .automatic: gesture.progress >= 0.5
            }
        held = nil
        let removed = finishes ? finish(gesture) : []
        let remaining = Window.transitionDuration * (finishes ? 1 - gesture.progress : gesture.progress)
        startTransition(gesture.transitionID, due: now + remaining, locks: gesture.locks, hasCompletion: false)
        return .success((finishes, removed))
    }

    // MARK: - Coordinator tree, as documented

    /// Why attaching `child` to `parent` is refused, if it is, checked in the documented order.
    func refusalToAttach(_ child: String, to parent: String) -> CoordinatorError? {
        if child == parent { return .cannotAttachToItself }
        if let current = coordinators[child]?.parent {
            return current == parent ? .alreadyAttached : .attachedToAnotherParent
        }
        var ancestor = coordinators[parent]?.parent
        while let current = ancestor {
            if current == child { return .wouldCreateCycle }
            ancestor = coordinators[current]?.parent
        }
        return nil
    }

    mutating func addChild(_ child: String, to parent: String) {
        coordinators[parent]?.children.append(child)
        coordinators[child]?.parent = parent
        if coordinators[child]?.isStarted == false {
            coordinators[child]?.isStarted = true
            log.append("start \(child)")
        }
    }

    mutating func removeChild(_ child: String) {
        guard let parent = coordinators[child]?.parent else { return }
        coordinators[parent]?.children.removeAll { $0 == child }
        coordinators[child]?.parent = nil
        stop(child)
    }

    /// Stops `id`: its children are detached and stopped newest first (a child attached to a stopped
    /// coordinator too: a coordinator leaves the tree stopped), then `id` reports its stop if it was started.
    mutating func stop(_ id: String) {
        stopCounts[id, default: 0] += 1
        let wasStarted = coordinators[id]?.isStarted ?? false
        coordinators[id]?.isStarted = false
        while let child = coordinators[id]?.children.popLast() {
            coordinators[child]?.parent = nil
            stop(child)
        }
        if wasStarted { log.append("stop \(id)") }
    }

    /// The coordinators owning `removed` or anything in it, outermost first; each still attached is
    /// detached and stopped; when the user removed the screens, its parent is told.
    mutating func detachOwners(of removed: [String], byUser: Bool) {
        for owner in attachedOwners(of: removed) {
            guard let parent = coordinators[owner]?.parent else { continue }
            removeChild(owner)
            if byUser { log.append("removed \(owner) from \(parent)") }
        }
    }

    /// The coordinators that `detachOwners(of:byUser:)` would detach, outermost first, for a parent that
    /// removes them itself.
    func attachedOwners(of removed: [String]) -> [String] {
        var subtree: [String] = []
        for id in removed { appendSubtree(id, to: &subtree) }
        return subtree.compactMap { screen($0).owner }
            .filter { coordinators[$0]?.parent != nil }
            .enumerated()
            .sorted { (depth($0.element), $0.offset) < (depth($1.element), $1.offset) }
            .map(\.element)
    }

    // MARK: - Release

    /// Forgets every screen and coordinator nothing holds any more and returns their ids: each must be
    /// deallocated in Core too.
    mutating func collectReleased() -> [String] {
        guard mayHaveReleased else { return [] }
        defer { mayHaveReleased = false }
        var liveCoordinators = Set<String>()
        var pending = [Self.rootCoordinator] + pinnedCoordinators
        while let id = pending.popLast() {
            liveCoordinators.insert(id)
            pending += coordinators[id]?.children ?? []
        }
        // What the window holds, and what each live coordinator's screen holds; most of those screens are
        // in the window already, so each subtree is walked once.
        var liveScreens = Set<String>()
        var pendingScreens = [Self.rootScreen] + liveCoordinators.compactMap { coordinators[$0]?.screen }
        while let id = pendingScreens.popLast() {
            guard liveScreens.insert(id).inserted else { continue }
            let node = screen(id)
            pendingScreens += node.stack
            pendingScreens += node.children
            if let presented = node.presented { pendingScreens.append(presented) }
        }
        var released: [String] = []
        for id in coordinators.keys where !liveCoordinators.contains(id) {
            released.append(id)
        }
        for id in released { coordinators[id] = nil }
        let releasedCoordinators = !released.isEmpty
        for id in screens.keys where !liveScreens.contains(id) {
            released.append(id)
        }
        for id in released { screens[id] = nil }
        if !released.isEmpty { splitIDs.removeAll { screens[$0] == nil } }
        if releasedCoordinators {
            for (id, node) in screens {
                if let owner = node.owner, coordinators[owner] == nil { screens[id]?.owner = nil }
            }
        }
        return released.sorted()
    }
}
