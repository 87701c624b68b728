/// The pages of the tour, in the order they are shown. The raw value names the page's screen,
/// `onboarding.<raw value>`, and its record.
enum OnboardingPage: String, CaseIterable {
    case welcome
    case tabs
    case gestures
    case links

    /// The page after this one, or `nil` on the last page, which offers `done` instead of `next`.
    var next: OnboardingPage? {
        let pages = Self.allCases
        guard let index = pages.firstIndex(of: self), index + 1 < pages.count else { return nil }
        return pages[index + 1]
    }

    /// The page's position, counted from 1, for "Page 2 of 4".
    var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    /// The page's title.
    var title: String {
        switch self {
        case .welcome: "Welcome"
        case .tabs: "Tabs"
        case .gestures: "Gestures"
        case .links: "Links"
        }
    }

    /// What the page says, one paragraph a line, with the app's own tabs and links from `topics`.
    func paragraphs(_ topics: OnboardingTopics) -> [String] {
        switch self {
        case .welcome:
            return [
                "This short tour shows how to find your way around: the tabs, the gestures and links.",
                "Tap next to read on, or skip to start right away.",
            ]
        case .tabs:
            var lines = ["The tab bar along the bottom holds the sections of the app."]
            if !topics.tabTitles.isEmpty { lines.append("Tabs: \(topics.tabTitles.joined(separator: ", ")).") }
            lines += [
                "Each tab keeps its own screens: switch tabs and come back to where you were.",
                "Tap the selected tab again to go back to its first screen.",
            ]
            return lines
        case .gestures:
            return [
                "Back, or a swipe from the left edge, goes back one screen.",
                "Swipe a sheet down to close it.",
                "A screen holding something you have not saved refuses both and tells you how to save or discard it.",
            ]
        case .links:
            return ["A link opens a place in the app directly; if you need to log in first, it waits for you."]
                + topics.links.map { "\($0.url) opens \($0.opens)." }
        }
    }
}
