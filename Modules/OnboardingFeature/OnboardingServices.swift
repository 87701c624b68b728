// The values Onboarding's API exchanges.

/// What the tour teaches about the app that shows it. The flow's pages explain the ideas (a tab bar, the
/// gestures, links); these values name the app's own tabs and links, which only the app knows.
public struct OnboardingTopics: Equatable, Sendable {
    /// The titles of the app's tabs, in the order the tab bar shows them, such as `["Feed", "Profile"]`.
    public let tabTitles: [String]
    /// Links that open a place in the app, each with what it opens, such as `app://profile/edit`.
    public let links: [OnboardingLink]

    /// Creates the topics of a tour through `tabTitles` and `links`. Either may be empty: its page then says
    /// what the idea is without examples.
    public init(tabTitles: [String], links: [OnboardingLink]) {
        self.tabTitles = tabTitles
        self.links = links
    }
}

/// A link the tour shows as an example, and what it opens.
public struct OnboardingLink: Equatable, Sendable {
    /// The link, such as `app://feed/post/2`.
    public let url: String
    /// What it opens, such as "a post in the feed".
    public let opens: String

    /// Creates the example `url`, which opens what `opens` says.
    public init(url: String, opens: String) {
        self.url = url
        self.opens = opens
    }
}
