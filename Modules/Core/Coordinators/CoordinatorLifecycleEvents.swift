/// The lifecycle events of a coordinator's subtree as an asynchronous sequence, made by
/// ``Coordinator/lifecycleEvents()``: in the tree's order, buffered without a limit, and handed to a reader on the
/// main actor at once while some are buffered, without suspending it.
///
/// A standard `AsyncStream` suspends its reader for every element, buffered or not, which costs a trip through the
/// executors each time; a subtree torn down reports four events a coordinator, so this sequence hands over what is
/// already there instead.
///
/// One task reads a sequence: while a task waits for the next event, another that asks for one gets `nil`.
public struct CoordinatorLifecycleEvents: AsyncSequence, Sendable {
    /// What the sequence gives.
    public typealias Element = CoordinatorLifecycleEvent
    /// The sequence never throws.
    public typealias Failure = Never

    let buffer: LifecycleEventBuffer

    /// An iterator over the events, from the first not read yet.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: buffer)
    }

    /// Reads the events in order.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: LifecycleEventBuffer

        /// The next event: at once when one is buffered, otherwise when one comes; `nil` once the observed
        /// coordinator was released and every event before its release was read, or once the reading task is
        /// cancelled (which ends the observation).
        public mutating func next(isolation actor: isolated (any Actor)?) async -> CoordinatorLifecycleEvent? {
            await buffer.next()
        }

        /// The next event, as ``next(isolation:)`` gives it.
        public mutating func next() async -> CoordinatorLifecycleEvent? {
            await buffer.next()
        }
    }
}

/// The events an observation heard and no reader has taken yet, and the reader waiting for the next one. It owns
/// the observation: when the sequence and its iterators are gone, so is the observation.
@MainActor
final class LifecycleEventBuffer {
    private var events: [CoordinatorLifecycleEvent] = []
    /// The index of the first event not read yet.
    private var head = 0
    private var waiter: CheckedContinuation<CoordinatorLifecycleEvent?, Never>?
    /// Whether no event will come any more: the observed coordinator was released, or the reader was cancelled.
    private var hasEnded = false
    var observation: LifecycleObservation?

    func append(_ event: CoordinatorLifecycleEvent) {
        guard !hasEnded else { return }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: event)
        } else {
            events.append(event)
        }
    }

    /// No event comes after those buffered; a waiting reader gets `nil`.
    func end() {
        hasEnded = true
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: nil)
        }
    }

    /// The reader was cancelled: the observation ends, and what was buffered is dropped.
    private func cancel() {
        events = []
        head = 0
        end()
        observation?.cancel()
    }

    func next() async -> CoordinatorLifecycleEvent? {
        if head < events.count {
            let event = events[head]
            head += 1
            if head == events.count {
                events.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 1_024, head * 2 > events.count {
                events.removeFirst(head)
                head = 0
            }
            return event
        }
        guard !hasEnded, waiter == nil else { return nil }
        guard !Task.isCancelled else {
            cancel()
            return nil
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiter = $0 }
        } onCancel: {
            Task { @MainActor in self.cancel() }
        }
    }
}
