#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A post as its screens show it. The relative time is not stored: it is
/// formatted when the screen is read, so it keeps up with the clock.
struct PostRow: Equatable {
    let id: String
    let authorName: String
    let text: String
    /// When it was published.
    let createdAt: Date
    /// For example "1 like" or "3 likes".
    let likes: String
    let isLiked: Bool

    /// Takes what the screens show of `post`.
    init(post: FeedPost) {
        id = post.id
        authorName = post.authorName
        text = post.text
        createdAt = post.createdAt
        likes = post.likeCount == 1 ? "1 like" : "\(post.likeCount) likes"
        isLiked = post.isLiked
    }

    /// How long ago it was published, seen at `now`, for example "5m".
    func time(at now: Date) -> String {
        RelativeTime.text(for: createdAt, now: now)
    }
}

/// How long ago something happened, as the feed shows it: "just now" under a
/// minute (and for times in the future), then "5m", "3h", "2d", and from a
/// week on the date as `yyyy-MM-dd` in UTC, so the text depends only on the
/// two dates and never on the machine's time zone or locale.
enum RelativeTime {
    private static let minute = 60.0
    private static let hour = 60 * minute
    private static let day = 24 * hour
    private static let week = 7 * day

    /// The text for `date`, seen at `now`.
    static func text(for date: Date, now: Date) -> String {
        textAndChange(for: date, now: now).text
    }

    /// The text for `date`, seen at `now`, and the first moment after `now` when it reads differently: the next
    /// whole minute, hour or day since `date` in its unit, or never once it is a date. Every unit is a whole number
    /// of the one below it, so the text stays the same from `now` until that moment.
    static func textAndChange(for date: Date, now: Date) -> (text: String, changesAt: Date) {
        let elapsed = now.timeIntervalSince(date)
        if !(elapsed >= minute) { return ("just now", date.addingTimeInterval(minute)) }
        let unit: TimeInterval
        let symbol: String
        if elapsed < hour {
            (unit, symbol) = (minute, "m")
        } else if elapsed < day {
            (unit, symbol) = (hour, "h")
        } else if elapsed < week {
            (unit, symbol) = (day, "d")
        } else {
            return (calendarDate(date), .distantFuture)
        }
        let count = Int(elapsed / unit)
        return (String(count) + symbol, date.addingTimeInterval(Double(count + 1) * unit))
    }

    private static func calendarDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(padded(components.year, to: 4))-\(padded(components.month, to: 2))-\(padded(components.day, to: 2))"
    }

    private static func padded(_ number: Int?, to width: Int) -> String {
        let digits = String(number ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
