/// Groups changes to the screen hierarchy so lifecycle callbacks and
/// completions are delivered once the outermost change is done, and keeps the
/// work that waits for every window to be idle.
///
/// Every routing method runs its change inside ``run(touching:_:)``, naming the
/// window it changes. When the outermost call ends, the transaction settles:
/// each window the change touched compares what is visible now with what it
/// last reported and delivers the callbacks (the will-callbacks, and the
/// did-callbacks unless a transition takes time), then the queued completions
/// run one by one, then, once no transition is in flight anywhere, the work
/// that waits for idleness runs in the order it was asked for. A routing call
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

    /// Transitions requested, running or held, in every window.
    private(set) static var transitionsInFlight = 0
    /// Work waiting for every window to be idle, oldest first.
    private static var idleWork: [@MainActor () -> Void] = []
    private static var nextIdleWork = 0
    /// Whether a piece of idle work is running now: what it asks for is part
    /// of it, and applies at once if nothing moves.
    private static var isRunningIdleWork = false
    /// Where the idle work running now puts the work it asks for that must
    /// wait: first in line, in the order asked, before the work that was
    /// already waiting behind it.
    private static var nestedInsertionIndex: Int?

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

    static func transitionDidStart() { transitionsInFlight += 1 }

    static func transitionDidEnd() { transitionsInFlight -= 1 }

    // MARK: - Waiting for idleness

    /// Whether work asked for now may run at once: no transition is in flight
    /// in any window, and no earlier work is still waiting (unless the work
    /// asking is itself the one running, which then includes it).
    static var canRunIdleWorkNow: Bool {
        transitionsInFlight == 0 && (isRunningIdleWork || nextIdleWork == idleWork.count)
    }

    /// Queues `work` to run once every window is idle, after the work queued
    /// before it; work asked for by the idle work running now goes before the
    /// work that waits behind that one, since it is part of it.
    static func enqueueIdleWork(_ work: @escaping @MainActor () -> Void) {
        if let index = nestedInsertionIndex {
            idleWork.insert(work, at: index)
            nestedInsertionIndex = index + 1
        } else {
            idleWork.append(work)
        }
        if depth == 0, !isSettling, transitionsInFlight == 0 { run {} }
    }

    /// Runs `work` as idle work at once: what it routes applies at once if
    /// nothing moves. Within idle work already running, it is part of that.
    static func runAsIdleWork<Result>(_ work: () -> Result) -> Result {
        if isRunningIdleWork { return run { work() } }
        return runIdleWork(insertingAt: idleWork.count, work)
    }

    /// Runs `work` as idle work whose own waiting requests go in at `index`.
    private static func runIdleWork<Result>(insertingAt index: Int, _ work: () -> Result) -> Result {
        let saved = (isRunningIdleWork, nestedInsertionIndex)
        isRunningIdleWork = true
        nestedInsertionIndex = index
        defer { (isRunningIdleWork, nestedInsertionIndex) = saved }
        return run { work() }
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
            if transitionsInFlight == 0, nextIdleWork < idleWork.count {
                let work = idleWork[nextIdleWork]
                nextIdleWork += 1
                runIdleWork(insertingAt: nextIdleWork, work)
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
