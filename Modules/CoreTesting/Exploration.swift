public import Core
import Foundation

/// Explores every flow reachable from a subject, breadth first and deterministically, and checks the
/// navigation's invariants after every step.
///
/// From the start (a fresh subject from `start`), it tries in every state, in this order:
/// - every enabled action of the screens on top, after typing `sampleText` into every field on top;
/// - the person's back, then the swipe back and the swipe down, each finished and cancelled;
/// - every link of `deepLinks`;
/// - a tap on every tab of the tab bar on top, the swipes to the next and the previous page of the page container
///   on top (each finished and cancelled), and, while a split is on top, a resize to the other width.
///
/// A state is told apart by its screens (ids, nesting, presentation, and what each shows: titles, rows, errors,
/// enabled buttons, but not the text typed into fields) and its coordinator tree, compared after every input by a
/// 128-bit digest of that text. A path is replayed on a new subject
/// from `start`, which must therefore build the same thing every time (fresh in-memory services); a subject that
/// can take snapshots (``ExplorationSubject/takeSnapshot``) spares the replay: each input tried in a state is then
/// applied to a fresh subject built from that state's snapshot, when it shows that state, so the cost of an input
/// does not grow with the length of its path. The exploration stops at paths of `depth` inputs, or when
/// `stateBudget` states are known.
///
/// After every step it checks that:
/// - the coordinators match the screens: every viewable coordinator in the tree has its screen in the window,
///   and no screen stays shown after its coordinator left the tree;
/// - a refused input (a thrown error, a refused action, a refused deep link) and a cancelled swipe change
///   neither the screens (ids, nesting, presentation; an error message may appear) nor the tree;
/// - nothing the path created is alive once the subject is torn down (its root stopped and released);
///
/// and, once the graph is explored, that every state whose inputs were tried has a way back to the start's
/// screens and tree (states at the depth limit, or with an input that led past the state budget, are not judged).
/// Each violation comes with the shortest path that breaks it, as a script a person replays in the app:
///
/// ```swift
/// let report = try explore(depth: 4, deepLinks: links, sampleText: { _, field in samples[field.id] ?? "x" }) {
///     let parent = FeedParent(dependency: FakeFeedDependency())
///     parent.start()
///     try parent.showFeed(for: user, .rootOfNavigation)
///     return ExplorationSubject(window: parent.window, root: parent)
/// }
/// #expect(report.violations.isEmpty, "\(report)")
/// ```
///
/// - Throws: what `start` throws; nothing is explored then.
@MainActor
public func explore(
    depth: Int, stateBudget: Int = 1_000, deepLinks: [ExplorationDeepLink] = [],
    sampleText: @escaping @MainActor (_ screenID: String, _ field: TextField) -> String = { _, _ in "sample" },
    start: @escaping @MainActor () throws -> ExplorationSubject
) throws -> ExplorationReport {
    let explorer = Explorer(
        depth: max(0, depth), stateBudget: max(1, stateBudget), deepLinks: deepLinks, sampleText: sampleText,
        start: start)
    return try explorer.run()
}

/// The breadth-first search behind ``explore(depth:stateBudget:deepLinks:sampleText:start:)``.
@MainActor
final class Explorer {
    private let depth: Int
    private let stateBudget: Int
    /// Whether an input led to a new state past the budget.
    private var reachedStateBudget = false
    private let deepLinks: [ExplorationDeepLink]
    private let sampleText: @MainActor (String, TextField) -> String
    private let start: @MainActor () throws -> ExplorationSubject

    /// The key of each known state, in the order found, its navigation alone, and its index.
    private var keys: [String] = []
    private var navigationKeys: [String] = []
    private var indexOfKey: [ExplorationKeyDigest.Value: Int] = [:]
    /// The digest of each known state's navigation.
    private var navigationDigests: [ExplorationKeyDigest.Value] = []
    /// The shortest path to each state, and the actions enabled there once the fields hold their sample text.
    private var paths: [[ExplorationInput]] = []
    /// The script of each state's path, and the snapshot taken there, if the subject takes them.
    private var scripts: [[String]] = []
    private var snapshots: [ExplorationSnapshot?] = []
    /// The key of each state with the text in its fields, when its snapshot was taken: a subject built from the
    /// snapshot stands for the state only when it shows exactly this.
    private var snapshotKeys: [String?] = []
    private var enabledActions: [[String]] = []
    /// The inputs that only some states offer (a tab of the tab bar on top, a page swipe, a resize while a split
    /// is on top) in each state, in the same order.
    private var containerInputs: [[ExplorationInput]] = []
    /// The states each state leads to.
    private var edges: [Set<Int>] = []
    /// The states whose every input was tried and led to a known state: the ones whose way back is judged.
    private var expanded: Set<Int> = []
    private var transitionCount = 0
    private var violations: [ExplorationViolation] = []
    private var reported: Set<String> = []
    /// The drift a subject that reached each state shows there before any input, read on the first input tried.
    private var driftInState: [Int: Set<String>] = [:]

    init(
        depth: Int, stateBudget: Int, deepLinks: [ExplorationDeepLink],
        sampleText: @escaping @MainActor (String, TextField) -> String,
        start: @escaping @MainActor () throws -> ExplorationSubject
    ) {
        self.depth = depth
        self.stateBudget = stateBudget
        self.deepLinks = deepLinks
        self.sampleText = sampleText
        self.start = start
    }

    func run() throws -> ExplorationReport {
        let first = try replay([], then: nil, from: nil)
        register(first, path: [])
        var queue = [0]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            guard paths[state].count < depth else { continue }
            expanded.insert(state)
            for input in inputs(at: state) {
                let path = paths[state] + [input]
                let step = try replay(paths[state], then: input, from: state)
                guard step.accepted else { continue }
                transitionCount += 1
                if let known = indexOfKey[step.keyDigest] {
                    edges[state].insert(known)
                } else if keys.count < stateBudget {
                    edges[state].insert(register(step, path: path))
                    queue.append(keys.count - 1)
                } else {
                    // Past the budget the edge leads nowhere known, so the state's way back cannot be judged.
                    expanded.remove(state)
                    reachedStateBudget = true
                }
            }
        }
        try checkWaysBack()
        return ExplorationReport(
            stateCount: keys.count, transitionCount: transitionCount, violations: violations, states: keys,
            reachedStateBudget: reachedStateBudget)
    }

    /// Adds a newly reached state and returns its index.
    @discardableResult
    private func register(_ step: Replay, path: [ExplorationInput]) -> Int {
        keys.append(step.key)
        navigationKeys.append(step.navigationKey)
        indexOfKey[step.keyDigest] = keys.count - 1
        navigationDigests.append(step.navigationDigest)
        paths.append(path)
        scripts.append(step.script)
        snapshots.append(step.snapshot)
        snapshotKeys.append(step.snapshotKey)
        enabledActions.append(step.enabledActions)
        containerInputs.append(step.containerInputs)
        edges.append([])
        return keys.count - 1
    }

    /// The inputs to try in `state`, in the order they are tried.
    private func inputs(at state: Int) -> [ExplorationInput] {
        enabledActions[state].map(ExplorationInput.action)
            + [.back, .swipeBack(finished: true), .swipeBack(finished: false)]
            + [.swipeDown(finished: true), .swipeDown(finished: false)]
            + deepLinks.indices.map(ExplorationInput.deepLink)
            + containerInputs[state]
    }

    /// Reports every explored state from which no explored input leads back to the start: to a state with the
    /// start's screens and tree (what the screens show may differ, as a post published stays published).
    ///
    /// A state at the edge of the exploration (its inputs not tried: past the depth or the state budget) may lead
    /// back through inputs not tried, so it counts as leading back: a state is reported only when every way out of
    /// it was explored and none returns, which no deeper exploration can change.
    private func checkWaysBack() throws {
        var leadsBack = Set(
            keys.indices.filter { navigationDigests[$0] == navigationDigests[0] || !expanded.contains($0) })
        var changed = true
        while changed {
            changed = false
            for state in keys.indices where !leadsBack.contains(state) && !edges[state].isDisjoint(with: leadsBack) {
                leadsBack.insert(state)
                changed = true
            }
        }
        for state in keys.indices where expanded.contains(state) && !leadsBack.contains(state) {
            let script = scripts[state]
            record(
                .wayBackToStart,
                "no explored input leads back to the start from the state " + Self.summary(of: navigationKeys[state]),
                path: paths[state], script: script)
        }
    }

    // MARK: - Replaying a path

    /// What one replay of a path found.
    struct Replay {
        /// The digests of the state's key and navigation, and their text when the state was not known.
        var keyDigest = ExplorationKeyDigest().value
        var navigationDigest = ExplorationKeyDigest().value
        var key = ""
        var navigationKey = ""
        var accepted = true
        var script: [String] = []
        var enabledActions: [String] = []
        var containerInputs: [ExplorationInput] = []
        /// The snapshot taken in the state reached, when it is new and will be explored further, and what the
        /// subject showed then, field values included.
        var snapshot: ExplorationSnapshot?
        var snapshotKey: String?
    }

    /// Brings a fresh subject to the end of `path` (the path of `state`, when it is a known state): built from
    /// the state's snapshot when that shows the state, else replayed from the start; applies `last` (if any) and
    /// checks the invariants around it, then tears the subject down and checks that nothing it created is alive.
    private func replay(_ path: [ExplorationInput], then last: ExplorationInput?, from state: Int?) throws -> Replay {
        var result = Replay()
        var found: [(ExplorationViolation.Invariant, String)] = []
        let leaks = try trackingLifetimes {
            var resumed: ExplorationSubject?
            if let state, let snapshot = snapshots[state], let candidate = try? snapshot() {
                if Self.exactKey(of: candidate) == snapshotKeys[state] {
                    resumed = candidate
                    result.script = scripts[state]
                } else {
                    candidate.root.stop()
                }
            }
            let subject = try resumed ?? start()
            var isAtState = state != nil
            if resumed == nil {
                for input in path {
                    let step = apply(input, to: subject, script: &result.script)
                    if let refusal = step.refusal {
                        found.append((.replays, "the path no longer replays: \(input) was \(refusal)"))
                        isAtState = false
                        break
                    }
                }
            }
            // A subject that reached its state shows that state's navigation, already known.
            let before = isAtState ? navigationDigests[state ?? 0] : Self.navigationDigest(of: subject)
            let shownBefore = Self.ownedScreens(of: subject)
            // A drift is reported by the input that makes it, not again by every input after it. A subject that
            // reached its state shows that state's drift, read once per state.
            let driftBefore: Set<String>
            if isAtState, let state, let known = driftInState[state] {
                driftBefore = known
            } else {
                driftBefore = Set(Self.drift(of: subject, shownBefore: []))
                if isAtState, let state { driftInState[state] = driftBefore }
            }
            if let last {
                let step = apply(last, to: subject, script: &result.script)
                result.accepted = step.refusal == nil
                if let reason = step.refusal ?? (step.cancelled ? "cancelled" : nil),
                    Self.navigationDigest(of: subject) != before
                {
                    found.append(
                        (.refusedInputChangedNothing, "\(last) was \(reason), but the screens or the tree changed"))
                }
            }
            if last != nil || path.isEmpty {
                let context = last.map { "after \($0): " } ?? "at the start: "
                found += Self.drift(of: subject, shownBefore: shownBefore).filter { !driftBefore.contains($0) }.map {
                    (.coordinatorsMatchScreens, context + $0)
                }
            }
            (result.keyDigest, result.navigationDigest) = Self.digests(of: subject)
            // The text of the keys is written only for a state not known yet, which may be registered.
            let isKnown = indexOfKey[result.keyDigest] != nil
            if !isKnown { (result.key, result.navigationKey) = Self.keys(of: subject) }
            // A state is explored further when it is new, within the budget and short of the depth: only then is
            // its snapshot used. It is taken before the sample text is typed below.
            let pathLength = path.count + (last == nil ? 0 : 1)
            if let takeSnapshot = subject.takeSnapshot, !isKnown,
                keys.count < stateBudget,
                pathLength < depth
            {
                result.snapshot = takeSnapshot()
                if result.snapshot != nil { result.snapshotKey = Self.exactKey(of: subject) }
            }
            // The inputs a state offers are read when it is new: a known state's were read when it was found.
            if !isKnown {
                result.enabledActions = enabledActionsAfterTyping(in: subject)
                result.containerInputs = Self.containerInputs(in: subject.window)
            }
            subject.root.stop()
        }
        if !leaks.isClean {
            let context = last.map { "after \($0), " } ?? ""
            found.append((.nothingLeftAlive, context + "once the subject was torn down: \(leaks)"))
        }
        for (invariant, message) in found {
            record(invariant, message, path: path + (last.map { [$0] } ?? []), script: result.script)
        }
        return result
    }

    private func record(
        _ invariant: ExplorationViolation.Invariant, _ message: String, path: [ExplorationInput], script: [String]
    ) {
        guard reported.insert(invariant.rawValue + "\n" + message).inserted else { return }
        violations.append(ExplorationViolation(invariant: invariant, message: message, path: path, script: script))
    }

    // MARK: - Inputs

    /// How the subject took an input: refused (why), or accepted; a cancelled swipe is accepted but must change
    /// nothing.
    struct Step {
        var refusal: String?
        var cancelled = false
    }

    /// Applies `input` as a person would, and appends the script lines that do the same in the app.
    private func apply(_ input: ExplorationInput, to subject: ExplorationSubject, script: inout [String]) -> Step {
        let window = subject.window
        do {
            switch input {
            case .action(let id):
                script += typeSampleText(in: window)
                script.append(id)
                if case .refused(let reason) = try window.performAction(id) {
                    return Step(refusal: "refused: \(reason)")
                }
            case .back:
                script.append("back")
                try window.perform(.backButton)
            case .swipeBack(let finished), .swipeDown(let finished):
                let gesture: UserGesture = input == .swipeBack(finished: finished) ? .swipeBack : .swipeDown
                script += [
                    "\(gesture == .swipeBack ? "swipe back" : "swipe down") \(finished ? "0.7" : "0.3")", "release",
                ]
                try window.beginGesture(gesture)
                try window.updateGesture(progress: finished ? 0.7 : 0.3)
                try window.releaseGesture(finished ? .finish : .cancel)
                return Step(cancelled: !finished)
            case .deepLink(let index):
                script.append(deepLinks[index].script)
                try deepLinks[index].open(subject)
            case .tab(let id):
                script.append("tab \(id)")
                _ = try window.tapTab(id)
            case .swipePage(let next, let finished):
                script += ["swipe \(next ? "next" : "previous") \(finished ? "0.7" : "0.3")", "release"]
                try window.beginGesture(next ? .swipeToNextPage : .swipeToPreviousPage)
                try window.updateGesture(progress: finished ? 0.7 : 0.3)
                try window.releaseGesture(finished ? .finish : .cancel)
                return Step(cancelled: !finished)
            case .sizeClass(let sizeClass):
                script.append("width \(sizeClass == .compact ? 80 : 160)")
                window.setHorizontalSizeClass(sizeClass)
            }
        } catch {
            return Step(refusal: "refused with \(error)")
        }
        return Step()
    }

    /// The inputs `window` offers beyond every state's: a tap on each tab of the tab bar on top, the swipes of the
    /// page container on top (each finished and cancelled), and a resize to the other width while a split is on
    /// top.
    private static func containerInputs(in window: Window) -> [ExplorationInput] {
        let onTop = window.screensOnTop
        var inputs = ((onTop.last { $0 is TabBarController } as? TabBarController)?.items ?? []).map {
            ExplorationInput.tab($0.id)
        }
        if onTop.contains(where: { $0 is PageViewController }) {
            inputs += [true, false].flatMap { next in
                [true, false].map { ExplorationInput.swipePage(next: next, finished: $0) }
            }
        }
        if onTop.contains(where: { $0 is SplitViewController }) {
            inputs.append(.sizeClass(window.horizontalSizeClass == .compact ? .regular : .compact))
        }
        return inputs
    }

    /// Types the sample text into every field of the screens on top; returns the script lines that do the same.
    private func typeSampleText(in window: Window) -> [String] {
        var lines: [String] = []
        for screen in window.screensOnTop {
            for field in screen.content.fields {
                let text = sampleText(screen.screenID, field)
                if (try? window.setText(text, forField: field.id)) != nil { lines.append("set \(field.id) \(text)") }
            }
        }
        return lines
    }

    /// The actions enabled on top once every field holds its sample text, without duplicates, in order.
    private func enabledActionsAfterTyping(in subject: ExplorationSubject) -> [String] {
        _ = typeSampleText(in: subject.window)
        var seen: Set<String> = []
        return subject.window.contentOnTop.flatMap(\.actions).filter(\.isEnabled).map(\.id).filter {
            seen.insert($0).inserted
        }
    }

    // MARK: - States and invariants

    /// A state's key: the screens (ids, nesting, presentation, and what each shows but the text typed into its
    /// fields), then the coordinator tree.
    static func key(of subject: ExplorationSubject) -> String {
        (subject.window.screenLines(includingContent: true, fieldValues: false) + widthLines(of: subject.window)
            + ["--"] + treeKey(of: subject.root))
            .joined(separator: "\n")
    }

    /// A state's key and its navigation alone (see ``key(of:)`` and ``navigationKey(of:)``), written in one walk
    /// of the screens and one of the tree.
    static func keys(of subject: ExplorationSubject) -> (key: String, navigationKey: String) {
        let writer = ExplorationKeyWriter<ExplorationKeyText>.write(of: subject, key: true, navigationKey: true)
        return (writer.key.text, writer.navigationKey.text)
    }

    /// A state's key with the text in its fields: what a subject built from a snapshot must show to stand for the
    /// state the snapshot was taken in.
    static func exactKey(of subject: ExplorationSubject) -> String {
        ExplorationKeyWriter<ExplorationKeyText>.write(of: subject, exactKey: true).exactKey.text
    }

    /// ``exactKey(of:)`` from the lines ``key(of:)`` is made of: the definition the writer is held to.
    static func exactKeyFromLines(of subject: ExplorationSubject) -> String {
        (subject.window.screenLines(includingContent: true, fieldValues: true) + widthLines(of: subject.window)
            + ["--"] + treeKey(of: subject.root))
            .joined(separator: "\n")
    }

    /// ``navigationKey(of:)``, written in one walk of the screens and one of the tree.
    static func currentNavigationKey(of subject: ExplorationSubject) -> String {
        ExplorationKeyWriter<ExplorationKeyText>.write(of: subject, navigationKey: true).navigationKey.text
    }

    /// The digests of ``keys(of:)``: what the explorer compares after every input.
    static func digests(
        of subject: ExplorationSubject
    ) -> (key: ExplorationKeyDigest.Value, navigationKey: ExplorationKeyDigest.Value) {
        let writer = ExplorationKeyWriter<ExplorationKeyDigest>.write(of: subject, key: true, navigationKey: true)
        return (writer.key.value, writer.navigationKey.value)
    }

    /// The digest of ``navigationKey(of:)``.
    static func navigationDigest(of subject: ExplorationSubject) -> ExplorationKeyDigest.Value {
        ExplorationKeyWriter<ExplorationKeyDigest>.write(of: subject, navigationKey: true).navigationKey.value
    }

    /// The coordinator tree with each coordinator's children in order of their subtrees' text: the order in which
    /// siblings were attached is not something a person sees, so two paths that open the same children in another
    /// order reach one state.
    static func treeKey(of coordinator: Coordinator, indent: String = "") -> [String] {
        // Each subtree's text is joined once, not again at every comparison of the sort.
        let children = coordinator.children.map { child in
            let lines = treeKey(of: child, indent: indent + "  ")
            return (text: lines.joined(separator: "\n"), lines: lines)
        }
        .sorted { $0.text < $1.text }
        return [indent + coordinator.name] + children.flatMap(\.lines)
    }

    /// The window's width when it is not the default compact one: a resize is part of the state a person is in.
    private static func widthLines(of window: Window) -> [String] {
        window.horizontalSizeClass == .compact ? [] : ["width: \(window.horizontalSizeClass.rawValue)"]
    }

    /// The navigation of a state: the screens (ids, nesting, presentation) and the coordinator tree, which a
    /// refused input must not change and the way back must restore.
    static func navigationKey(of subject: ExplorationSubject) -> String {
        (subject.window.screenLines(includingContent: false) + widthLines(of: subject.window) + ["--"]
            + treeKey(of: subject.root))
            .joined(separator: "\n")
    }

    /// A key on one line, for a message.
    static func summary(of key: String) -> String {
        let parts = key.components(separatedBy: "\n--\n")
        let screens = parts[0].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let tree =
            parts.count > 1 ? parts[1].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } : []
        return "[screens: \(screens.joined(separator: ", "))] [coordinators: \(tree.joined(separator: ", "))]"
    }

    /// The viewable coordinators of the tree, and their screens.
    private static func viewables(of subject: ExplorationSubject) -> [(any ViewableCoordinating)] {
        var found: [any ViewableCoordinating] = []
        if let root = subject.root as? any ViewableCoordinating { found.append(root) }
        var pending: [any Coordinating] = subject.root.children
        var next = 0
        while next < pending.count {
            let coordinator = pending[next]
            next += 1
            if let viewable = coordinator as? any ViewableCoordinating { found.append(viewable) }
            pending += coordinator.children
        }
        return found
    }

    /// Each shown screen and the coordinator that owns it, held weakly, to find a screen that outlives its
    /// coordinator's place in the tree.
    struct OwnedScreen {
        weak var screen: ViewController?
        weak var coordinator: Coordinator?
        let screenID: String
        let coordinatorName: String
    }

    private static func ownedScreens(of subject: ExplorationSubject) -> [OwnedScreen] {
        viewables(of: subject).map { coordinator in
            let screen = coordinator.viewControllerable.viewController
            return OwnedScreen(
                screen: screen, coordinator: coordinator, screenID: screen.screenID, coordinatorName: coordinator.name)
        }
    }

    /// Where the tree and the screens disagree: a coordinator whose screen is not in the window, or a screen
    /// still shown whose coordinator left the tree since `shownBefore` (the screens owned before the last input).
    private static func drift(of subject: ExplorationSubject, shownBefore: [OwnedScreen]) -> [String] {
        let window = subject.window
        let current = viewables(of: subject)
        var problems = current.compactMap { coordinator -> String? in
            let screen = coordinator.viewControllerable.viewController
            return screen.window === window
                ? nil : "\(coordinator.name) is in the tree, but its screen \(screen.screenID) is not in the window"
        }
        let inTree = Set(current.map { ObjectIdentifier($0) })
        for owned in shownBefore {
            guard let screen = owned.screen, screen.window === window else { continue }
            if let coordinator = owned.coordinator, inTree.contains(ObjectIdentifier(coordinator)) { continue }
            problems.append(
                "the screen \(owned.screenID) is shown, but its coordinator \(owned.coordinatorName) left the tree")
        }
        return problems
    }
}
