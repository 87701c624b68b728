import AppInterface
import Core

/// The screens moving. When the window's transitions take time, a push, a pop or a sheet moves for Core's
/// ``Window/transitionDuration``: while it does, the full screen draws a frame about every ``frameMilliseconds``,
/// moving the window's clock on by the time that really passed. Keys pressed while the screens move are queued, not
/// refused: they take effect in the order pressed once the screens settle, as Core's routing queue holds a deep
/// link's next step until the window is idle. Nothing reaches the window while it moves, so Core never has to refuse
/// an input for it (``NavigationError/transitionInProgress``).
///
/// Ctrl-C does not wait its turn: read while the screens move, it drops the keys queued before it, none of which has
/// done anything yet, and what moves lands at once, so the input being carried out finishes as it would have; then
/// the app leaves as Ctrl-C always does, keeping what was typed into the field.
extension FullScreenSession {
    /// How long the full screen waits for a key between two frames of a transition, in milliseconds.
    static let frameMilliseconds: Int32 = 16

    /// The result of an input being carried out while the screens it moves are drawn.
    @MainActor
    private final class Outcome<Value> {
        var value: Value?
    }

    /// Carries out `work`, one input's effect, and draws the transitions it starts frame by frame until it is done
    /// and nothing moves; returns what `work` returned. `work` runs beside the frames, so a change that waits for
    /// the screens to settle (an awaited route) goes on while they move instead of holding the loop. Where
    /// transitions take no time, `work` is simply awaited.
    func carryOutMoving<Value>(_ work: @escaping @MainActor () async -> Value) async -> Value {
        guard session.transitionsTakeTime else { return await work() }
        let outcome = Outcome<Value>()
        var lastTick = terminal.now
        Task { @MainActor in outcome.value = await work() }
        await Task.yield()
        while true {
            if let value = outcome.value, !session.isMoving { return value }
            if terminal.terminationSignal != nil || queuedKeys.first == .interrupt {
                // Asked to end: what moves lands at once, so the loop can stop.
                session.advanceTransitions(by: ManualClock.longestStep)
            } else if let key = terminal.readKey(timeout: Self.frameMilliseconds) {
                queue(key)
                if key == .interrupt { session.advanceTransitions(by: ManualClock.longestStep) }
            }
            let now = terminal.now
            session.advanceTransitions(by: now - lastTick)
            lastTick = now
            redrawWindow()
            draw()
            await Task.yield()
        }
    }

    /// Queues `key`, read while the screens move, to be handled once they settle; Ctrl-C instead takes the place of
    /// the keys waiting before it, so it is handled next.
    private func queue(_ key: EditingKey) {
        if key == .interrupt { (pendingKey, queuedKeys) = (nil, []) }
        queuedKeys.append(key)
    }
}
