import Foundation

/// A clock the test moves by hand, so relative times can be seen to follow it.
@MainActor
final class FakeClock {
    var now: Date

    init(now: Date) {
        self.now = now
    }

    /// Moves the clock `seconds` forward.
    func advance(by seconds: TimeInterval) {
        now = now.addingTimeInterval(seconds)
    }
}
