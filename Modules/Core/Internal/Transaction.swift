/// Groups changes to the screen hierarchy so lifecycle callbacks and
/// completions are delivered once the outermost change is done, and keeps the
/// work that waits for a window to be idle (the routing queue, one line per
/// window).
///
/// Every routing method runs its change inside ``run(touching:_:)``, naming the
/// window it changes. When the outermost call ends, the transaction settles:
/// each window the change touched compares what is visible now with what it
/// last reported and delivers the callbacks (the will-callbacks, and the
/// did-callbacks unless a transition takes time), then the queued completions
/// run one by one, then the work that waits for idleness runs, each piece once
/// the windows it waits for are idle, in the order it was asked for within each
/// window. A routing call
/// made from a callback or a completion applies at once and is settled by the
/// same loop, after the current step, so re-entrant routing works in order.
/// Idle work asked for by the idle work running is part of it: it applies at
/// once if nothing moves, and otherwise waits first in line.
@MainActor
enum Transaction {
    private static var depth = 0
    private static var isSettling = false
    private static var completions: [@MainActor () -> Void] = []
    private static var nextCompletion = 0

    /// The windows a change touched since they last compared what they show.
    /// A settle pass visits these and no other window.
    private static var touchedWindows: [Window] = []
    /// The windows of the pass under way, kept between passes so a pass
    /// allocates nothing once it has grown.
    private static var windowsBeingSettled: [Window] = []

    /// Work waiting for its window to be idle, oldest first; an entry that
    /// has run keeps its place, without its work, until the line is empty.
    private static var idleWork: [IdleWork] = []
    /// The first entry of ``idleWork`` that has not run.
    private static var nextIdleWork = 0
    /// Whether a piece of idle work is running now: what it asks for is part
    /// of it, and applies at once if nothing moves.
    private static var isRunningIdleWork = false
    /// Where the idle work running now puts the work it asks for that must
    /// wait: first in line, in the order asked, before the work that was
    /// already waiting behind it.
    private static var nestedInsertionIndex: Int?

    /// A piece of work waiting for its window to be idle.
    private struct IdleWork {
        /// The window that must be idle for the work to run.
        let lane: RoutingLane
        /// The work; `nil` once it has run, so it lets go of what it captured.
        var work: (@MainActor () -> Void)?
    }

    /// The most settle passes one outermost change may cause; past it the loop
    /// stops, so callbacks that route forever cannot hang the app.
    static let settlePassLimit = 10_000

    /// Runs `change`, then settles once the outermost change is done.
    /// `window` is the window the change alters, if any.
    static func run<Result, Failure: Error>(
        touching window: Window? = nil,
        _ change: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        depth += 1
        if let window { touch(window) }
        defer {
            depth -= 1
            if depth == 0 { settle() }
        }
        return try change()
    }

    /// Marks `window` as changed, so the next settle pass compares what it shows.
    static func touch(_ window: Window) {
        for touched in touchedWindows where touched === window { return }
        touchedWindows.append(window)
    }

    static func enqueue(_ completion: (@MainActor () -> Void)?) {
        guard let completion else { return }
        completions.append(completion)
    }

    /// The transitions that the routing calls of each recording under way
    /// started or joined, innermost recording last.
    private static var transitionRecordings: [[Transition]] = []

    /// Runs `body` and returns, beside its result, the transitions its routing
    /// calls started or joined: what an awaiting caller waits for.
    static func recordingTransitions<Result>(_ body: () -> Result) -> (result: Result, transitions: [Transition]) {
        transitionRecordings.append([])
        let result = body()
        return (result, transitionRecordings.removeLast())
    }

    /// Notes that a routing call started or joined `transition`, for every
    /// recording under way.
    static func note(_ transition: Transition) {
        for index in transitionRecordings.indices
        where !transitionRecordings[index].contains(where: { $0 === transition }) {
            transitionRecordings[index].append(transition)
        }
    }

    // MARK: - Waiting for idleness

    /// Whether work asked for now in `lane` may run at once: the lane's
    /// windows are idle, and no earlier work that holds the lane still waits
    /// (unless the work asking is itself the one running, which then includes
    /// it).
    static func canRunIdleWorkNow(in lane: RoutingLane) -> Bool {
        guard lane.isIdle else { return false }
        if isRunningIdleWork { return true }
        for index in nextIdleWork..<idleWork.count where idleWork[index].work != nil {
            if idleWork[index].lane.holds(lane) { return false }
        }
        return true
    }

    /// Queues `work` to run once the windows of `lane` are idle, after the
    /// work queued before it in that lane; work asked for by the idle work
    /// running now goes before the work that waits behind that one, since it
    /// is part of it.
    static func enqueueIdleWork(in lane: RoutingLane, _ work: @escaping @MainActor () -> Void) {
        let entry = IdleWork(lane: lane, work: work)
        if let index = nestedInsertionIndex {
            idleWork.insert(entry, at: index)
            nestedInsertionIndex = index + 1
            nextIdleWork = min(nextIdleWork, index)
        } else {
            idleWork.append(entry)
        }
        runIdleWorkIfIdle()
    }

    /// Runs `work` as idle work at once: what it routes applies at once if
    /// nothing moves. Within idle work already running, it is part of that.
    static func runAsIdleWork<Result>(_ work: () -> Result) -> Result {
        if isRunningIdleWork { return run { work() } }
        return runIdleWork(insertingAt: idleWork.count, work)
    }

    /// Runs `work` as idle work whose own waiting requests go in at `index`.
    /// The work ends before its changes settle: what the callbacks of those
    /// changes ask for is not part of it, and takes its turn in line.
    private static func runIdleWork<Result>(insertingAt index: Int, _ work: () -> Result) -> Result {
        let saved = (isRunningIdleWork, nestedInsertionIndex)
        isRunningIdleWork = true
        nestedInsertionIndex = index
        depth += 1
        let result = work()
        (isRunningIdleWork, nestedInsertionIndex) = saved
        depth -= 1
        if depth == 0 { settle() }
        return result
    }

    /// Runs the waiting work if its windows are idle and no change is under
    /// way, as when the last transition in flight was abandoned.
    static func runIdleWorkIfIdle() {
        guard depth == 0, !isSettling, nextRunnableIdleWork() != nil else { return }
        run {}
    }

    /// The first waiting entry whose windows are idle and that no earlier
    /// waiting entry holds, if any.
    private static func nextRunnableIdleWork() -> Int? {
        var index = nextIdleWork
        while index < idleWork.count {
            let entry = idleWork[index]
            if entry.work != nil, entry.lane.isIdle {
                var isHeld = false
                for earlier in nextIdleWork..<index where idleWork[earlier].work != nil {
                    if idleWork[earlier].lane.holds(entry.lane) {
                        isHeld = true
                        break
                    }
                }
                if !isHeld { return index }
            }
            index += 1
        }
        return nil
    }

    // MARK: - Settling

    private static func settle() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        var passes = 0
        while passes < settlePassLimit {
            passes += 1
            if !touchedWindows.isEmpty {
                swap(&touchedWindows, &windowsBeingSettled)
                for window in windowsBeingSettled {
                    window.deliverAppearanceChanges()
                }
                windowsBeingSettled.removeAll(keepingCapacity: true)
                continue
            }
            if nextCompletion < completions.count {
                let completion = completions[nextCompletion]
                nextCompletion += 1
                completion()
                continue
            }
            if nextIdleWork < idleWork.count, let index = nextRunnableIdleWork(), let work = idleWork[index].work {
                // Let go of what the work captured as soon as it has run.
                idleWork[index].work = nil
                while nextIdleWork < idleWork.count, idleWork[nextIdleWork].work == nil { nextIdleWork += 1 }
                runIdleWork(insertingAt: index + 1, work)
                continue
            }
            break
        }
        completions.removeAll(keepingCapacity: true)
        nextCompletion = 0
        if nextIdleWork == idleWork.count {
            idleWork.removeAll(keepingCapacity: true)
            nextIdleWork = 0
        }
    }
}
