package import FoundationEssentials

/// The app's clock: the real time, or a fixed time from `APP_NOW` so scripted runs and tests are deterministic.
package struct AppClock: Sendable {
    /// The fixed time, or `nil` for the real time.
    package let fixedNow: Date?

    /// A clock at `fixedNow`, or at the real time when it is `nil`.
    package init(fixedNow: Date?) {
        self.fixedNow = fixedNow
    }

    /// The time now.
    package var now: Date { fixedNow ?? Date() }

    /// `now` as a compact UTC timestamp for file names, such as `20260101T120000Z`.
    var fileTimestamp: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
        func padded(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.year, 4) + padded(parts.month, 2) + padded(parts.day, 2) + "T" + padded(parts.hour, 2)
            + padded(parts.minute, 2) + padded(parts.second, 2) + "Z"
    }
}
