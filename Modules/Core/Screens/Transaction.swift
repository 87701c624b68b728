/// Groups changes to the screen hierarchy so lifecycle callbacks and
/// completions are delivered once the outermost change is done.
///
/// Every routing method runs its change inside ``run(_:)``. When the outermost
/// call ends, the transaction settles: each window compares what is visible
/// now with what it last reported and delivers the disappear and appear
/// callbacks, then the queued completions run one by one. A routing call made
/// from a callback or a completion applies at once and is settled by the same
/// loop, after the current step, so re-entrant routing works in order.
@MainActor
enum Transaction {
    private static var depth = 0
    private static var isSettling = false
    private static var completions: [@MainActor () -> Void] = []
    private static var nextCompletion = 0

    /// Whether a change ran since the windows last compared what they show.
    /// Every change to the screen hierarchy runs inside ``run(_:)``, so while
    /// this is `false` no window can show anything new and a settle pass skips
    /// the comparison.
    private static var hierarchyMayHaveChanged = false

    /// The most settle passes one outermost change may cause; past it the loop
    /// stops, so callbacks that route forever cannot hang the app.
    static let settlePassLimit = 10_000

    static func run<Result, Failure: Error>(_ change: () throws(Failure) -> Result) throws(Failure) -> Result {
        depth += 1
        hierarchyMayHaveChanged = true
        defer {
            depth -= 1
            if depth == 0 { settle() }
        }
        return try change()
    }

    static func enqueue(_ completion: (@MainActor () -> Void)?) {
        guard let completion else { return }
        completions.append(completion)
    }

    private static func settle() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        var passes = 0
        while passes < settlePassLimit {
            passes += 1
            if hierarchyMayHaveChanged {
                hierarchyMayHaveChanged = false
                if Window.deliverAppearanceChangesInEveryWindow() { continue }
            }
            guard nextCompletion < completions.count else { break }
            let completion = completions[nextCompletion]
            nextCompletion += 1
            completion()
        }
        completions.removeAll(keepingCapacity: true)
        nextCompletion = 0
    }
}
