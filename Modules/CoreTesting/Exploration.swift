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
/// 128-bit digest of that text.
///
/// A subject reaches a state without replaying its whole path whenever it can: it is kept alive from one input
/// to the next while it stands for a state whose inputs are still to be tried. A subject stands for a state when
/// it shows that state's key with the same text in its fields (as reached, or once the sample text is typed, for
/// an action, which types it anyway) and reports an equal ``ExplorationSubject/unseenState``. So the subject that
/// finds a new state tries that state's first inputs; one that an input refused, or a cancelled swipe, left as it
/// was tries the next; one that reached a state still to be explored waits there for it; and one that left the
/// state is brought back (by an explored input that leads back, the rest of the state's path, the tab selected
/// before, or back) when that takes no more inputs than the path. Only when none stands for the state is a fresh
/// subject from `start` brought there: from the state's snapshot (``ExplorationSubject/takeSnapshot``) when it
/// shows the state, else by replaying the state's path, so `start` must build the same thing every time (fresh
/// in-memory services). The states, transitions and violations are the same as if every input were tried on a
/// fresh subject that replayed its path. The exploration stops at paths of `depth` inputs, or when `stateBudget`
/// states are known.
///
/// After every step it checks that:
/// - the coordinators match the screens: every viewable coordinator in the tree has its screen in the window,
///   and no screen stays shown after its coordinator left the tree;
/// - a refused input (a thrown error, a refused action, a refused deep link) and a cancelled swipe change
///   neither the screens (ids, nesting, presentation; an error message may appear) nor the tree;
/// - nothing a subject created is alive once it is torn down (its root stopped and released): when something is,
///   each input it took is tried again on a fresh subject that replays its path, so the leak comes with the
///   shortest path that makes it, once (what a path leaves alive is not reported again after every input tried
///   past it), and what inputs leave alive only together comes with the last input the subject took;
/// - a path replayed on a fresh subject takes every input it took the first time;
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
/// With `processes` above 1 (on Linux), the explorer forks into that many processes once a level has a state for
/// each, and they share every level from then on: each tries the inputs of its own states (mostly the ones it
/// found, whose subjects it kept alive), they swap what every input did, and each takes all of it in the order of
/// the states, as one process would: the same states in the same order, and the same transitions. Which subject
/// takes which input differs, though, and with it a leak that only several inputs of one subject make together:
/// such a leak is found when one subject happens to take them all, so one process may find one that several miss,
/// and the other way round (a subject whose state its screens do not show, and ``ExplorationSubject/unseenState``
/// does not hold either, makes them). An exploration that finds a violation runs again in one process, whose report
/// it returns. The states of a process that fails are tried by the first one, which reports; a state first reached
/// there may then come with the script of another of its paths. A fork copies the calling thread alone, so pass
/// more than 1 only from a process that runs no other thread, such as a command-line tool's.
///
/// With `writesStateKeys` false, the report's ``ExplorationReport/states`` holds an empty key for each state: the
/// text of a state's key is written only to be read, and writing it for every state found is a sixth of the work
/// of a deep exploration. What is found and reported is the same.
///
/// - Throws: what `start` throws; nothing is explored then.
@MainActor
public func explore(
    depth: Int, stateBudget: Int = 1_000, deepLinks: [ExplorationDeepLink] = [],
    sampleText: @escaping @MainActor (_ screenID: String, _ field: TextField) -> String = { _, _ in "sample" },
    processes: Int = 1, writesStateKeys: Bool = true, start: @escaping @MainActor () throws -> ExplorationSubject
) throws -> ExplorationReport {
    let explore = { (processes: Int) in
        try Explorer(
            depth: max(0, depth), stateBudget: max(1, stateBudget), deepLinks: deepLinks, sampleText: sampleText,
            processes: processes, writesStateKeys: writesStateKeys, start: start
        ).run()
    }
    let report = try explore(max(1, processes))
    // Which app takes which input depends on how the processes share the levels, and with it which input a leak
    // that several inputs make together is reported with, and which of two equally short paths a violation comes
    // with: a violation is reported as one process finds it.
    guard processes > 1, !report.violations.isEmpty else { return report }
    return try explore(1)
}

/// The breadth-first search behind ``explore(depth:stateBudget:deepLinks:sampleText:processes:writesStateKeys:start:)``.
@MainActor
final class Explorer {
    /// The longest path of inputs tried from the start.
    let depth: Int
    private let stateBudget: Int
    /// Whether an input led to a new state past the budget.
    private var reachedStateBudget = false
    /// The deep links tried in every state, and the text typed into each field before an action.
    let deepLinks: [ExplorationDeepLink]
    let sampleText: @MainActor (String, TextField) -> String
    private let start: @MainActor () throws -> ExplorationSubject

    /// The key of each known state, in the order found (empty unless ``writesStateKeys``), and its index.
    private var keys: [String] = []
    /// Whether the text of each state's key is written, for the report.
    private let writesStateKeys: Bool
    var indexOfKey: [ExplorationKeyDigest.Value: Int] = [:]
    /// The digest of each known state's navigation.
    private var navigationDigests: [ExplorationKeyDigest.Value] = []
    /// The shortest path to each state, and the actions enabled there once the fields hold their sample text.
    private(set) var paths: [[ExplorationInput]] = []
    /// The script of each state's path, and the snapshot taken there, if the subject takes them.
    private var scripts: [[String]] = []
    private var snapshots: [ExplorationSnapshot?] = []
    /// The digest of the key with the text in its fields of each state to be explored, as reached
    /// (``exactKey(of:)``) and once the sample text is typed, and its unseen state: a subject stands for the state
    /// only when it shows one of the two and keeps an equal unseen state.
    private var exactDigests: [ExplorationKeyDigest.Value?] = []
    private var typedExactDigests: [ExplorationKeyDigest.Value?] = []
    private var unseenStates: [AnyHashable?] = []
    /// The subjects kept alive in each state still to be explored, each showing that state: an input tried there
    /// takes one instead of replaying the state's path. At most ``keptLimit`` at a time.
    var kept: [Int: [LiveSubject]] = [:]
    var keptCount = 0
    /// The most subjects kept alive at once: enough for every state of a frontier of a few thousand states, and
    /// a bound on the memory they take.
    private let keptLimit = 20_000
    /// The accepted inputs of each explored state, in the order tried, and the state each led to: a way back to a
    /// state from one of these.
    private var ways: [[(input: ExplorationInput, target: Int)]] = []
    /// The states along each state's path, from the start to the state itself.
    private var lineages: [[Int]] = []
    private var enabledActions: [[String]] = []
    /// The inputs that only some states offer (a tab of the tab bar on top, a page swipe, a resize while a split
    /// is on top) in each state, in the same order.
    private var containerInputs: [[ExplorationInput]] = []
    /// The states each state leads to.
    private var edges: [Set<Int>] = []
    /// The states whose every input was tried and led to a known state: the ones whose way back is judged.
    var expanded: Set<Int> = []
    private var transitionCount = 0
    private var violations: [ExplorationViolation] = []
    /// What replaying each state's path alone leaves alive, for the states whose path was replayed for it.
    private var leaksOfPaths: [Int: Set<String>] = [:]
    /// Where each violation reported so far is in `violations`, by its invariant and message.
    private var reported: [String: Int] = [:]
    /// The drift a subject that reached each state shows there before any input, read on the first input tried.
    private var driftInState: [Int: Set<String>] = [:]
    /// The states that show no field on top, as a subject found at each showed on an action: an action there types
    /// nothing.
    var statesWithoutFields: Set<Int> = []
    /// How often bringing a subject back worked after each input, by what that input reached: a way that has
    /// almost never worked is not tried again (see ``bringBack(_:to:from:after:selectedTab:)``). That changes which
    /// subject takes an input, not what is found, but for a leak that several inputs of one subject make together,
    /// as sharing the levels between processes does.
    private var waysBackTried: [WayBack: (tries: Int, successes: Int)] = [:]
    /// How many tries a way back gets before it may be given up.
    var triesBeforeGivingUpAWayBack = 32
    /// How many processes expand a level of states between them (see ``expandShared(_:)``).
    let processes: Int
    /// While processes share the levels: the others, and this one's place among them (0 reports).
    var peers: ExplorationPeers?
    var processIndex = 0
    /// The process whose reading registered each state, which keeps the subjects that reached it; and the one
    /// whose reading is being registered.
    var discoverers: [Int] = []
    var registeringProcess = 0
    /// While processes share the levels: every accepted input this one tried in the level, in order, and, in a
    /// process other than the first, the violations it met, which it hands to the first.
    var takenSteps: [TakenStep]?
    var violationLog: [ExplorationViolation]?
    /// The states of the level another process tries: their ways out are not known here until the level's end,
    /// and a subject kept for one would not be used.
    var statesTriedElsewhere: Set<Int> = []
    /// While this process tries a state another was to try: the index of the level's first new state. A step there
    /// to a state this process registered in the level is read as a step to a new state, for the step that
    /// registered it here comes later in the order of the states, and the first in that order is the one whose
    /// reading registers the state (see ``expandShared(_:)``).
    var readsStatesFoundSince: Int?

    /// Whether a step that reached `known` (`nil` when not a known state) reads what it reached, as at a new state.
    func readsAsNew(_ known: Int?) -> Bool {
        guard let known else { return true }
        guard let first = readsStatesFoundSince else { return false }
        return known >= first
    }

    init(
        depth: Int, stateBudget: Int, deepLinks: [ExplorationDeepLink],
        sampleText: @escaping @MainActor (String, TextField) -> String, processes: Int = 1,
        writesStateKeys: Bool = true, start: @escaping @MainActor () throws -> ExplorationSubject
    ) {
        self.processes = processes
        self.writesStateKeys = writesStateKeys
        self.depth = depth
        self.stateBudget = stateBudget
        self.deepLinks = deepLinks
        self.sampleText = sampleText
        self.start = start
    }

    func run() throws -> ExplorationReport {
        let (first, firstSubject) = try begin()
        register(first, path: [])
        if let firstSubject { keep(firstSubject, at: 0) }
        // Breadth first, one level at a time: the states of a level were all found while the level before was
        // expanded, in the order found, and every state of a level has a path of the same length.
        var level = 0..<1
        do {
            while !level.isEmpty {
                let found = keys.count
                let states = level.filter { paths[$0].count < depth }
                if startsSharing(states) { startProcesses() }
                if peers != nil {
                    try expandShared(states)
                } else {
                    for state in states { try expand(state) }
                }
                level = found..<keys.count
            }
            try finishSharing()
        } catch {
            abandonSharing()
            throw error
        }
        for state in kept.keys.sorted() {
            for subject in kept.removeValue(forKey: state) ?? [] { try tearDown(subject) }
        }
        try checkWaysBack()
        let transitions = ways.indices.flatMap { state in
            ways[state].map { ExplorationTransition(from: state, input: $0.input, to: $0.target) }
        }
        return ExplorationReport(
            stateCount: keys.count, transitionCount: transitionCount, violations: violations, states: keys,
            reachedStateBudget: reachedStateBudget, transitions: transitions)
    }

    /// Tries every input of `state`, in order, and takes what each did.
    func expand(_ state: Int) throws {
        expanded.insert(state)
        let inputs = inputs(at: state)
        for (index, input) in inputs.enumerated() {
            let (step, reached) = try attempt(input, at: state, inputsLeft: inputs.count - index - 1)
            // A process sharing the level notes what it cannot have known before: the states it found.
            if step.accepted, takenSteps != nil {
                let isNew = readsAsNew(indexOfKey[step.keyDigest])
                let new = isNew ? step : nil
                takenSteps?.append(.init(state: state, input: index, keyDigest: step.keyDigest, new: new))
            }
            let new = take(step, of: input, at: state)
            if let reached {
                // A subject that found a state past the budget, which is not registered, is done with.
                if let new { keep(reached, at: new) } else { try tearDown(reached) }
            }
        }
        // The subjects kept for this state that no input needed are done with.
        for subject in kept.removeValue(forKey: state) ?? [] {
            keptCount -= 1
            try tearDown(subject)
        }
    }

    /// Takes what `input` did in `state` (`step`): an accepted input is a transition, to a known state or to a
    /// new one, which is registered and returned, unless past the budget.
    @discardableResult
    func take(_ step: Replay, of input: ExplorationInput, at state: Int) -> Int? {
        guard step.accepted else { return nil }
        transitionCount += 1
        if let known = indexOfKey[step.keyDigest] {
            edges[state].insert(known)
            ways[state].append((input, known))
            return nil
        }
        guard keys.count < stateBudget else {
            // Past the budget the edge leads nowhere known, so the state's way back cannot be judged.
            expanded.remove(state)
            reachedStateBudget = true
            return nil
        }
        let new = register(step, path: paths[state] + [input], from: state)
        edges[state].insert(new)
        ways[state].append((input, new))
        return new
    }

    /// What a level shared between processes changes, as it was before the level, to go back to once every process
    /// has tried its part (see ``expandShared(_:)``).
    struct LevelStart {
        /// How many states were known, and the level's first new state's index.
        let stateCount: Int
        let transitionCount: Int
        let reachedStateBudget: Bool
        /// The states whose every input was tried.
        let expanded: Set<Int>
    }

    /// The exploration as it is now, to come back to.
    var levelStart: LevelStart {
        LevelStart(
            stateCount: keys.count, transitionCount: transitionCount, reachedStateBudget: reachedStateBudget,
            expanded: expanded)
    }

    /// The digest of each state registered since `start`, by index.
    func digestsOfStates(since start: LevelStart) -> [Int: ExplorationKeyDigest.Value] {
        var digests: [Int: ExplorationKeyDigest.Value] = [:]
        for (digest, index) in indexOfKey where index >= start.stateCount { digests[index] = digest }
        return digests
    }

    /// Forgets the states registered since `start` and the steps taken from `states`, the level's: as it was.
    func restore(_ start: LevelStart, expandedStates states: [Int]) {
        let count = start.stateCount
        for (digest, index) in indexOfKey where index >= count { indexOfKey[digest] = nil }
        keys.removeSubrange(count...)
        navigationDigests.removeSubrange(count...)
        paths.removeSubrange(count...)
        scripts.removeSubrange(count...)
        snapshots.removeSubrange(count...)
        exactDigests.removeSubrange(count...)
        typedExactDigests.removeSubrange(count...)
        unseenStates.removeSubrange(count...)
        ways.removeSubrange(count...)
        lineages.removeSubrange(count...)
        enabledActions.removeSubrange(count...)
        containerInputs.removeSubrange(count...)
        edges.removeSubrange(count...)
        discoverers.removeSubrange(count...)
        for state in states {
            ways[state] = []
            edges[state] = []
        }
        leaksOfPaths = leaksOfPaths.filter { $0.key < count }
        driftInState = driftInState.filter { $0.key < count }
        statesWithoutFields = statesWithoutFields.filter { $0 < count }
        transitionCount = start.transitionCount
        reachedStateBudget = start.reachedStateBudget
        expanded = start.expanded
    }

    /// Adds a newly reached state and returns its index.
    @discardableResult
    private func register(_ step: Replay, path: [ExplorationInput], from parent: Int? = nil) -> Int {
        discoverers.append(registeringProcess)
        lineages.append((parent.map { lineages[$0] } ?? []) + [keys.count])
        keys.append(step.key)
        indexOfKey[step.keyDigest] = keys.count - 1
        navigationDigests.append(step.navigationDigest)
        paths.append(path)
        scripts.append(step.script)
        snapshots.append(step.snapshot)
        exactDigests.append(step.exactDigest)
        typedExactDigests.append(step.typedExactDigest)
        unseenStates.append(step.unseenState)
        ways.append([])
        enabledActions.append(step.enabledActions)
        containerInputs.append(step.containerInputs)
        edges.append([])
        return keys.count - 1
    }

    /// The inputs to try in `state`, in the order they are tried.
    func inputs(at state: Int) -> [ExplorationInput] {
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
            let name = navigationKeyText(of: state).map(Self.summary(of:)) ?? "reached by \(paths[state])"
            record(
                .wayBackToStart, "no explored input leads back to the start from the state " + name,
                path: paths[state], script: script)
        }
    }

    /// The text of `subject`'s key when the report holds the states' keys, else nothing.
    private func keyText(of subject: ExplorationSubject) -> String {
        writesStateKeys ? Self.keyText(of: subject) : ""
    }

    /// The text of `state`'s navigation key, read from a fresh subject that replays the state's path: a message
    /// needs it seldom, so it is not written for every state found; `nil` when the path no longer replays or the
    /// subject does not show the state's navigation there.
    private func navigationKeyText(of state: Int) -> String? {
        guard let subject = try? start() else { return nil }
        defer { subject.root.stop() }
        var script: [String] = []
        for input in paths[state] where apply(input, to: subject, script: &script).refusal != nil { return nil }
        guard Self.navigationDigest(of: subject) == navigationDigests[state] else { return nil }
        return Self.currentNavigationKey(of: subject)
    }

    // MARK: - Replaying a path

    /// What one replay of a path found.
    struct Replay {
        /// The digests of the state's key and navigation, and the key's text when the state was not known (and the
        /// report holds the keys).
        var keyDigest = ExplorationKeyDigest().value
        var navigationDigest = ExplorationKeyDigest().value
        var key = ""
        var accepted = true
        /// What the fresh subject created and left alive once it was torn down, by kind and label.
        var leaked: Set<String> = []
        var script: [String] = []
        var enabledActions: [String] = []
        var containerInputs: [ExplorationInput] = []
        /// When the state reached is new and will be explored further: the snapshot taken there, the digests of
        /// what the subject showed, field values included, before and after the sample text was typed, and what
        /// it kept unseen.
        var snapshot: ExplorationSnapshot?
        var exactDigest: ExplorationKeyDigest.Value?
        var typedExactDigest: ExplorationKeyDigest.Value?
        var unseenState: AnyHashable?
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
                if Self.exactDigest(of: candidate) == exactDigests[state],
                    candidate.unseenState?() == unseenStates[state]
                {
                    resumed = candidate
                    result.script = scripts[state]
                } else {
                    candidate.root.stop()
                }
            }
            let subject = try resumed ?? start()
            var isAtState = state != nil
            if resumed == nil {
                for (index, input) in path.enumerated() {
                    let step = apply(input, to: subject, at: state.map { lineages[$0][index] }, script: &result.script)
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
                let step = apply(last, to: subject, at: isAtState ? state : nil, script: &result.script)
                result.accepted = step.refusal == nil
                if step.stays, Self.navigationDigest(of: subject) != before, let reason = step.stayed {
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
            let digests = Self.digests(of: subject)
            (result.keyDigest, result.navigationDigest) = (digests.key, digests.navigationKey)
            // The text of the keys is written only for a state not known yet, which may be registered.
            let isKnown = indexOfKey[result.keyDigest] != nil
            if !isKnown { result.key = keyText(of: subject) }
            // A state is explored further when it is new, within the budget and short of the depth: only then is
            // its snapshot used. It is taken before the sample text is typed below.
            let pathLength = path.count + (last == nil ? 0 : 1)
            if let takeSnapshot = subject.takeSnapshot, !isKnown,
                keys.count < stateBudget,
                pathLength < depth
            {
                result.snapshot = takeSnapshot()
            }
            // The inputs a state offers are read when it is new: a known state's were read when it was found.
            if !isKnown {
                result.exactDigest = Self.exactDigest(of: subject)
                result.unseenState = subject.unseenState?()
                result.enabledActions = enabledActionsAfterTyping(in: subject)
                result.containerInputs = Self.containerInputs(in: subject.window)
                result.typedExactDigest = Self.exactDigest(of: subject)
            }
            subject.root.stop()
        }
        if !leaks.isClean {
            result.leaked = Set(leaks.survivors.map(Self.leakLabel))
            // What the path alone leaves alive is its own leak, reported with the input of the path that makes it:
            // only what `last` adds to it is this input's.
            let ofPath = try state.map { try leakOfPath(to: $0) } ?? []
            let added = leaks.survivors.filter { !ofPath.contains(Self.leakLabel($0)) }
            if !added.isEmpty {
                let context = last.map { "after \($0), " } ?? ""
                let report = LeakReport(survivors: added, createdCount: leaks.createdCount)
                found.append((.nothingLeftAlive, context + "once the subject was torn down: \(report)"))
            }
        }
        for (invariant, message) in found {
            record(invariant, message, path: path + (last.map { [$0] } ?? []), script: result.script)
        }
        return result
    }

    // MARK: - Subjects kept alive

    /// A subject the explorer drives across inputs: from its start, or its replayed path, until it no longer shows
    /// a state some input is still to be tried in. It records every coordinator and screen created in its life,
    /// and the inputs it took, so that its teardown checks that nothing it created is still alive.
    final class LiveSubject {
        /// The subject; `nil` once torn down.
        var subject: ExplorationSubject?
        /// The digest of what it shows now, field values included.
        var exactDigest = ExplorationKeyDigest().value
        /// Weak records of everything created in its life.
        var created: [LiveObjects.Record] = []
        /// The known state each judged input it took was tried in, the input and the script lines that give it
        /// in the app (`nil`, `nil` and none for the start), in order: the inputs re-run fresh to tell which one
        /// left something alive, and the last one's path and script for what they left alive together.
        var took: [(state: Int?, input: ExplorationInput?, lines: [String])] = []

        /// The screens its viewable coordinators own, read after the last input it took and before anything else
        /// ran on it: the screens shown before its next input. `nil` when unknown.
        var ownedScreens: [OwnedScreen]?

        /// Runs `body`, recording what it creates as this subject's.
        @MainActor func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
            ownedScreens = nil
            let (result, created) = try LiveObjects.recordCreations(body)
            self.created += created
            return result
        }
    }

    /// Builds the start, reads it as a new state, and keeps it alive when it will be explored.
    private func begin() throws -> (Replay, LiveSubject?) {
        let live = LiveSubject()
        live.subject = try live.recording { try start() }
        live.took.append((nil, nil, []))
        let result = readStart(live)
        guard depth > 0 else {
            try tearDown(live)
            return (result, nil)
        }
        return (result, live)
    }

    private func readStart(_ live: LiveSubject) -> Replay {
        var result = Replay()
        guard let subject = live.subject else { return result }
        let digests = Self.digests(of: subject)
        (result.keyDigest, result.navigationDigest) = (digests.key, digests.navigationKey)
        result.key = keyText(of: subject)
        if depth > 0 { read(live, at: digests.exactKey, into: &result) }
        return result
    }

    /// Reads the new state `live` shows, whose inputs will be tried: what it shows and keeps unseen, its snapshot,
    /// and the inputs it offers once the sample text is typed, which leaves it typed.
    private func read(_ live: LiveSubject, at exactDigest: ExplorationKeyDigest.Value, into result: inout Replay) {
        guard let subject = live.subject else { return }
        result.exactDigest = exactDigest
        result.unseenState = subject.unseenState?()
        if let takeSnapshot = subject.takeSnapshot { result.snapshot = live.recording { takeSnapshot() } }
        result.enabledActions = live.recording { enabledActionsAfterTyping(in: subject) }
        result.containerInputs = Self.containerInputs(in: subject.window)
        let typed = Self.exactDigest(of: subject)
        result.typedExactDigest = typed
        live.exactDigest = typed
    }

    /// Whether a subject showing `exactDigest` and keeping `unseen` stands for `state`, for `input` when given: an
    /// action types the sample text first, so a subject already typed stands for the state too.
    private func stands(
        _ exactDigest: ExplorationKeyDigest.Value, _ unseen: AnyHashable?, for state: Int,
        input: ExplorationInput? = nil
    ) -> Bool {
        guard exactDigest == exactDigests[state] || (input?.isAction ?? true && exactDigest == typedExactDigests[state])
        else { return false }
        return unseen == unseenStates[state]
    }

    /// Keeps `live` for `state`, whose inputs are still to be tried, or tears it down past the limit.
    func keep(_ live: LiveSubject, at state: Int) {
        guard keptCount < keptLimit else {
            try? tearDown(live)
            return
        }
        kept[state, default: []].append(live)
        keptCount += 1
    }

    /// A subject that shows `state`, for trying `input` there: one kept alive there (a typed one for an action),
    /// else one built from the state's snapshot when it shows the state, else one that replayed the state's path;
    /// `nil` when the path no longer replays.
    private func subject(at state: Int, for input: ExplorationInput) throws -> LiveSubject? {
        if var pool = kept[state] {
            let typed = input.isAction ? pool.firstIndex { $0.exactDigest == typedExactDigests[state] } : nil
            if let index = typed ?? pool.firstIndex(where: { $0.exactDigest == exactDigests[state] }) {
                let live = pool.remove(at: index)
                kept[state] = pool
                keptCount -= 1
                return live
            }
        }
        let live = LiveSubject()
        if let snapshot = snapshots[state], let candidate = try? live.recording({ try snapshot() }) {
            let digest = Self.exactDigest(of: candidate)
            if stands(digest, candidate.unseenState?(), for: state, input: .back) {
                live.subject = candidate
                live.exactDigest = digest
                return live
            }
            live.recording { candidate.root.stop() }
        }
        // One recording for the whole replay: what it creates is the same as input by input, for less.
        let (subject, replays) = try live.recording {
            let subject = try start()
            var script: [String] = []
            for (index, input) in paths[state].enumerated()
            where apply(input, to: subject, at: lineages[state][index], script: &script).refusal != nil {
                return (subject, false)
            }
            return (subject, true)
        }
        guard replays else {
            // The fresh replay that follows reports it.
            subject.root.stop()
            return nil
        }
        live.subject = subject
        live.exactDigest = exactDigests[state] ?? live.exactDigest
        return live
    }

    /// What becomes of a subject once an input was tried on it.
    private enum Fate {
        /// It reached a new state that will be explored: it is that state's first subject.
        case reachedNew
        /// It shows a state still to be explored (maybe the one it left, or back there): it is kept for it.
        case kept(Int)
        case tornDown
    }

    /// Tries `input` in `state` on a subject that shows it, and checks the invariants around it, as
    /// ``replay(_:then:from:)`` does; then keeps the subject for the state it reached when that is still to be
    /// explored, or brings it back to `state` when more of its `inputsLeft` need one, or tears it down. Returns
    /// what the input did, and the subject when it reached a new state that will be explored.
    private func attempt(
        _ input: ExplorationInput, at state: Int, inputsLeft: Int
    ) throws -> (Replay, LiveSubject?) {
        guard let live = try subject(at: state, for: input) else {
            return (try replay(paths[state], then: input, from: state), nil)
        }
        let (result, fate) = attempt(input, at: state, on: live, inputsLeft: inputsLeft)
        switch fate {
        case .reachedNew: return (result, live)
        case .kept(let target): keep(live, at: target)
        case .tornDown: try tearDown(live)
        }
        return (result, nil)
    }

    private func attempt(
        _ input: ExplorationInput, at state: Int, on live: LiveSubject, inputsLeft: Int
    ) -> (Replay, Fate) {
        var result = Replay()
        guard let subject = live.subject else { return (result, .tornDown) }
        result.script = scripts[state]
        var found: [(ExplorationViolation.Invariant, String)] = []
        let shownBefore = live.ownedScreens ?? Self.ownedScreens(of: subject)
        let driftBefore: Set<String>
        if let known = driftInState[state] {
            driftBefore = known
        } else {
            driftBefore = Set(Self.drift(of: subject, shownBefore: []))
            driftInState[state] = driftBefore
        }
        // The tab selected before a tap on another, to tap it again on the way back.
        let selectedTab = input.isTab ? Self.selectedTab(in: subject.window) : nil
        let step = live.recording { apply(input, to: subject, at: state, isAtState: true, script: &result.script) }
        live.took.append((state, input, Array(result.script.dropFirst(scripts[state].count))))
        result.accepted = step.refusal == nil
        let stays = step.stays
        // The navigation is part of the key: a subject that shows the key of the state it left shows its
        // navigation. Its digest is read only after an input that must have changed nothing, to compare.
        let reading = Self.reading(of: subject, navigationKey: stays, shownBefore: shownBefore)
        result.keyDigest = reading.key
        live.exactDigest = reading.exactKey
        let known = indexOfKey[result.keyDigest]
        if stays, known != state, reading.navigationKey != navigationDigests[state], let stayed = step.stayed {
            found.append((.refusedInputChangedNothing, "\(input) was \(stayed), but the screens or the tree changed"))
        }
        found += reading.drift.filter { !driftBefore.contains($0) }.map {
            (.coordinatorsMatchScreens, "after \(input): " + $0)
        }
        // What it owns now is what it shows before its next input, unless something runs on it first.
        live.ownedScreens = reading.ownedScreens
        let readsAsNew = readsAsNew(known)
        if readsAsNew {
            result.navigationDigest = stays ? reading.navigationKey : Self.navigationDigest(of: subject)
            result.key = keyText(of: subject)
        }
        for (invariant, message) in found {
            record(invariant, message, path: paths[state] + [input], script: result.script)
        }
        // Processes sharing a level each read every state new to them: which of them registers it, and whether it
        // is within the budget, is known once their steps are taken in order.
        if result.accepted, readsAsNew, peers != nil || keys.count < stateBudget, paths[state].count + 1 < depth {
            read(live, at: live.exactDigest, into: &result)
            if known == nil { return (result, .reachedNew) }
        }
        // A state of this level already tried needs no subject.
        if let known, known >= state, paths[known].count < depth, !statesTriedElsewhere.contains(known),
            known == state || !expanded.contains(known),
            stands(live.exactDigest, subject.unseenState?(), for: known)
        {
            return (result, .kept(known))
        }
        if result.accepted, inputsLeft > kept[state]?.count ?? 0,
            bringBack(live, to: state, from: known, after: input, selectedTab: selectedTab)
        {
            return (result, .kept(state))
        }
        return (result, .tornDown)
    }

    /// The id of the selected tab of the tab bar on top, if any.
    private static func selectedTab(in window: Window) -> String? {
        guard let tabBar = window.screensOnTop.last(where: { $0 is TabBarController }) as? TabBarController else {
            return nil
        }
        let selected = tabBar.selectedViewController
        return tabBar.tabs.first { $0.screen.viewController === selected }?.item.id
    }

    /// Brings `live`, which left `state` by `input` and reached `known` (`nil` when not a known state), back to
    /// `state` with no more inputs than replaying the state's path takes, and tells whether it shows the state
    /// again (see ``stands(_:_:for:input:)``). These inputs are how it gets there, not inputs tried: nothing is
    /// judged about them.
    private func bringBack(
        _ live: LiveSubject, to state: Int, from known: Int?, after input: ExplorationInput, selectedTab: String?
    ) -> Bool {
        let way = WayBack(input: input, reached: known.map { $0 < state ? .earlier : .later } ?? .unknown)
        let record = waysBackTried[way, default: (tries: 0, successes: 0)]
        // A way back that has almost never worked is not tried again: each try costs inputs and a reading.
        if record.tries >= triesBeforeGivingUpAWayBack, record.successes * 50 < record.tries { return false }
        let brought = bringBackOnce(live, to: state, from: known, after: input, selectedTab: selectedTab)
        waysBackTried[way] = (record.tries + 1, record.successes + (brought ? 1 : 0))
        return brought
    }

    /// A way of bringing a subject back to a state: the input that left it, and where that led.
    private struct WayBack: Hashable {
        enum Reached: Hashable { case unknown, earlier, later }
        let input: ExplorationInput
        let reached: Reached
    }

    /// Brings `live` back to `state` if it can (see ``bringBack(_:to:from:after:selectedTab:)``).
    private func bringBackOnce(
        _ live: LiveSubject, to state: Int, from known: Int?, after input: ExplorationInput, selectedTab: String?
    ) -> Bool {
        guard let subject = live.subject else { return false }
        var budget = paths[state].count
        var current = known
        for _ in 0..<3 {
            var moved = false
            for plan in ways(from: current, to: state, after: input, selectedTab: selectedTab)
            where !plan.isEmpty && plan.count <= budget {
                var script: [String] = []
                let refused = live.recording { () -> Bool in
                    for step in plan {
                        budget -= 1
                        let before = script.count
                        if apply(step, to: subject, script: &script).refusal != nil { return true }
                        if let current { live.took.append((current, step, Array(script[before...]))) }
                    }
                    return false
                }
                // A refused first input changes nothing: the next plan starts where this one did.
                if refused && plan.count == 1 { continue }
                moved = true
                break
            }
            guard moved else { return false }
            let digests = Self.digests(of: subject, navigationKey: false)
            live.exactDigest = digests.exactKey
            if stands(live.exactDigest, subject.unseenState?(), for: state) { return true }
            current = indexOfKey[digests.key]
            if current == state { return false }
        }
        return false
    }

    /// The ways from `known` (`nil` when not a known state) to `state`, most likely first: an explored input that
    /// leads there, or from `known` on `state`'s own path, the rest of that path, or one explored input to a state
    /// on that path and the rest; when the ways out of `known` are not known yet, the input that undoes `input`
    /// (the tab selected before, the page swipe the other way, the other width) and the back button.
    private func ways(
        from known: Int?, to state: Int, after input: ExplorationInput, selectedTab: String?
    ) -> [[ExplorationInput]] {
        guard let known, known < state, !statesTriedElsewhere.contains(known) else {
            switch input {
            case .tab: return [selectedTab.map { [.tab($0)] } ?? [], [.back]]
            case .swipePage(let next, _): return [[.swipePage(next: !next, finished: true)], [.back]]
            case .sizeClass(let sizeClass): return [[.sizeClass(sizeClass == .compact ? .regular : .compact)]]
            default: return [[.back], [.swipeDown(finished: true)]]
            }
        }
        if let direct = ways[known].first(where: { $0.target == state }) { return [[direct.input]] }
        let lineage = lineages[state]
        if let onPath = lineage.firstIndex(of: known) { return [Array(paths[state][onPath...])] }
        var plans: [[ExplorationInput]] = []
        for way in ways[known] {
            if let onPath = lineage.lastIndex(of: way.target) {
                plans.append([way.input] + paths[state][onPath...])
            }
        }
        return plans.sorted { $0.count < $1.count }.prefix(2).map { $0 }
    }

    /// What replaying the path of `state` alone leaves alive, by kind and label: replayed once, when a replay past
    /// the state leaked, which reports the leak with the input of the path that makes it.
    private func leakOfPath(to state: Int) throws -> Set<String> {
        if let known = leaksOfPaths[state] { return known }
        let lineage = lineages[state]
        let leaked: Set<String>
        if lineage.count > 1, let input = paths[state].last {
            let parent = lineage[lineage.count - 2]
            leaked = try replay(paths[parent], then: input, from: parent).leaked
        } else {
            leaked = try replay([], then: nil, from: nil).leaked
        }
        leaksOfPaths[state] = leaked
        return leaked
    }

    /// How a leaked object is told apart from another: its kind and its label.
    private static func leakLabel(_ record: LiveObjects.Record) -> String {
        "\(record.kind.rawValue) \(record.label)"
    }

    /// Stops `live`'s root and checks that nothing created in its life is still alive. When something is, each
    /// input it took is tried again on a fresh subject that replays its path, so each leak is reported with the
    /// shortest path that makes it, as if every input had its own subject; what no single input leaves alive
    /// (a leak that inputs make together) is reported with the last input the subject took.
    func tearDown(_ live: LiveSubject) throws {
        guard live.subject != nil else { return }
        live.recording { live.subject?.root.stop() }
        live.subject = nil
        var survivors: [LiveObjects.Record] = []
        for record in live.created where record.object != nil { survivors.append(record) }
        guard !survivors.isEmpty else { return }
        // What single inputs leave alive, each reported by its replay, whether or not that report is new.
        var leakedAlone: Set<String> = []
        for (state, input, _) in live.took {
            let replayed =
                if let state {
                    try replay(paths[state], then: input, from: state)
                } else {
                    try replay([], then: nil, from: nil)
                }
            leakedAlone.formUnion(replayed.leaked)
        }
        let together = survivors.filter { !leakedAlone.contains(Self.leakLabel($0)) }
        guard !together.isEmpty, let (state, input, lines) = live.took.last else { return }
        let path = (state.map { paths[$0] } ?? []) + (input.map { [$0] } ?? [])
        let report = LeakReport(survivors: together, createdCount: live.created.count)
        let context = input.map { "after \($0), " } ?? ""
        record(
            .nothingLeftAlive, context + "once the subject was torn down: \(report)", path: path,
            script: (state.map { scripts[$0] } ?? []) + lines)
    }

    func record(
        _ invariant: ExplorationViolation.Invariant, _ message: String, path: [ExplorationInput], script: [String]
    ) {
        let violation = ExplorationViolation(invariant: invariant, message: message, path: path, script: script)
        violationLog?.append(violation)
        let text = invariant.rawValue + "\n" + message
        // A leak is found when a subject is torn down, which may be after a longer path showed the same one.
        guard let index = reported[text] else {
            reported[text] = violations.count
            violations.append(violation)
            return
        }
        if path.count < violations[index].path.count { violations[index] = violation }
    }
}
