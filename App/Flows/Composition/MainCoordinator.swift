import AppData
import AppInterface
import Core
import FeedFeature
import ProfileFeature

/// What Main tells the ``AppCoordinator``.
@MainActor
protocol MainListener: AnyObject {
    /// The person tapped `logout` on their profile: the app ends the session and releases Main.
    func mainDidLogOut()

    /// The person saved a new display name, `displayName`.
    func mainDidRename(to displayName: String)

    /// Main could not do something the person will not see on a screen (a badge not read, a look not saved).
    func mainDidFail(_ failure: AppFailure)
}

/// The tabs of Main, in the order the tab bar shows them. The raw value is the tab's id (`tab <id>`).
enum MainTab: String, CaseIterable, Sendable {
    /// The posts: Feed's flow.
    case feed
    /// The person's own profile: Profile's flow.
    case profile

    /// What the tab bar shows for the tab.
    var title: String {
        switch self {
        case .feed: "Feed"
        case .profile: "Profile"
        }
    }
}

/// Main, the app once the person is logged in and onboarded: the articles' tab bar coordinator. It owns Core's
/// ``TabBarController`` with the tabs `feed` and `profile`, each inside its own navigation controller (the Feed
/// tab's is the primary column of a split, so a wide terminal shows the open post beside the list), and builds a
/// tab's flow from its feature's builder the first time the tab is selected (by the person's tap, a link or the
/// restored place), so a tab never opened costs nothing. The Feed tab's badge counts the posts by other people
/// published since the person last looked at Latest; the Feed tab tapped again shows Latest read again, with them.
///
/// Releasing Main (a log-out) releases every tab's coordinators and screens with it.
final class MainCoordinator: ViewableCoordinator<TabBarController> {
    weak var listener: (any MainListener)?

    private let feedBuilder: any FeedContainable
    private let profileBuilder: any ProfileContainable
    private let data: any AppDataStore
    private let user: FeedUser
    /// Each tab's navigation stack, empty until the tab's flow is built.
    private let stacks: [MainTab: NavigationController]
    /// The Feed tab's screen: a split whose primary column is the Feed tab's stack, so the list and the open post
    /// are side by side in a wide window and one stack in a narrow one. `nil` only if Core refused the columns;
    /// the tab then shows its stack alone.
    private let feedSplit: SplitViewController?
    private(set) var feed: (any FeedCoordinating)?
    private(set) var profile: (any ProfileCoordinating)?
    /// Whether the tap going through is the Feed tab's, tapped while it was selected.
    private var isFeedTappedAgain = false
    /// Whether a look at the feed's Latest list waits for the app's start to end (``startDidEnd()``): while the
    /// app starts nothing is drawn, and the Feed tab selected first may give way to the restored place.
    private var defersLooks: Bool

    /// Creates Main for `user`, whose tabs are built by `feedBuilder` and `profileBuilder`, over `data` (the
    /// badge and the look at Latest). Built while the app starts, it `defersLooks` until ``startDidEnd()``.
    init(
        feedBuilder: any FeedContainable, profileBuilder: any ProfileContainable, data: any AppDataStore,
        user: FeedUser, defersLooks: Bool = false
    ) {
        self.defersLooks = defersLooks
        self.feedBuilder = feedBuilder
        self.profileBuilder = profileBuilder
        self.data = data
        self.user = user
        var stacks: [MainTab: NavigationController] = [:]
        for tab in MainTab.allCases { stacks[tab] = NavigationController(screenID: "\(tab.rawValue).navigation") }
        self.stacks = stacks
        feedSplit = stacks[.feed].flatMap {
            try? SplitViewController(
                primary: $0, secondary: NavigationController(screenID: "feed.detail"), screenID: "feed.split")
        }
        // The open post is drawn as a level above the list ('Feed › Post'), wide too: the back closes it there.
        feedSplit?.backButtonClosesDetail = true
        let tabBar = TabBarController(screenID: "main")
        super.init(viewControllerable: tabBar, presenter: tabBar)
    }

    override func didStart() {
        presenter.delegate = self
        do {
            try presenter.setTabs(
                MainTab.allCases.compactMap { tab in
                    screen(of: tab).map {
                        TabBarController.Tab(item: TabBarItem(id: tab.rawValue, title: tab.title), screen: $0)
                    }
                },
                selecting: MainTab.feed.rawValue)
        } catch {
            listener?.mainDidFail(.flowNotShown("the tab bar", reason: "\(error)"))
            return
        }
        buildFlowIfNeeded(for: .feed)
        refreshBadges()
    }

    override func didStop() {
        feed = nil
        profile = nil
    }

    /// The selected tab.
    var selectedTab: MainTab? { presenter.selectedTab.flatMap { MainTab(rawValue: $0.item.id) } }

    /// The work in Main that leaving would lose, as the tabs' features tell it: a draft in Feed's compose, or a new
    /// name in Profile's edit.
    var unsavedWork: UnsavedWork? {
        if feed?.holdsDraft == true { return .composeDraft }
        return profile?.holdsUnsavedEdit == true ? .profileEdit : nil
    }

    // MARK: - Tabs

    /// What the tab bar shows for `tab`: the Feed tab's split, or the tab's stack.
    private func screen(of tab: MainTab) -> (any ViewControllerable)? {
        tab == .feed ? feedSplit ?? stacks[tab] : stacks[tab]
    }

    /// Builds the tab's flow from its feature's builder and makes its screen the root of the tab's stack, once.
    func buildFlowIfNeeded(for tab: MainTab) {
        guard let stack = stacks[tab], stack.viewControllers.isEmpty else { return }
        do {
            switch tab {
            case .feed:
                let flow = feedBuilder.coordinator(listener: self, user: user)
                try addChild(flow) { try stack.setStack([$0]) }
                feed = flow
            case .profile:
                let flow = profileBuilder.coordinator(listener: self, user: ProfileUser(email: user.email))
                try addChild(flow) { try stack.setStack([$0]) }
                profile = flow
            }
        } catch {
            listener?.mainDidFail(.flowNotShown("the \(tab.rawValue) tab", reason: "\(error)"))
        }
    }

    /// Selects `tab` as the app does by itself (a link, the restored place), building its flow first.
    ///
    /// - Throws: ``UserFacingError`` when the tab cannot be selected; nothing changed then.
    func select(_ tab: MainTab) throws(UserFacingError) {
        buildFlowIfNeeded(for: tab)
        // Already shown: nothing to select, so a route in the tab that set its screens moving is not refused here.
        guard selectedTab != tab else { return }
        do {
            try presenter.selectTab(tab.rawValue)
        } catch {
            throw UserFacingError(description: "the \(tab.rawValue) tab cannot be shown: \(error)")
        }
    }

    /// The app's start is over: Latest, if it shows now, is the person's first look at it.
    func startDidEnd() {
        guard defersLooks else { return }
        defersLooks = false
        if feed?.isShowingLatest == true { feedDidShowLatest() }
    }

    /// The most posts the Feed tab's badge counts; more show as this many, followed by `+`.
    static let largestUnseenCount = 99

    /// Reads the Feed tab's badge again: how many posts by others the person has not seen on Latest (since the
    /// account was made, if never), at most ``largestUnseenCount``; no badge when none.
    func refreshBadges() {
        let count: Int
        do {
            count = try data.unseenLatestCount(email: user.email, limit: Self.largestUnseenCount)
        } catch {
            listener?.mainDidFail(.badgeNotUpdated(reason: "\(error)"))
            return
        }
        let badge = count > 0 ? (count >= Self.largestUnseenCount ? "\(count)+" : String(count)) : nil
        guard presenter.items.first(where: { $0.id == MainTab.feed.rawValue })?.badge != badge else { return }
        try? presenter.setBadge(badge, forTab: MainTab.feed.rawValue)
    }

    // MARK: - Links

    /// Where Main is, as Core's planner reads the window that shows it: the selected tab, the screens pushed on
    /// that tab's stack (a post open beside the Feed's list included), then the sheets over the tab bar. Outside a
    /// window it is read from the tab bar alone.
    private var path: NavigationPath {
        if let window = presenter.window, window.rootViewController === presenter {
            return NavigationPath(window: window)
        }
        var path = NavigationPath(above: presenter)
        path.tab = selectedTab?.rawValue
        path.routes = (path.tab.flatMap { tabStacks[$0] } ?? []).map { .push($0) } + path.routes
        return path
    }

    /// The places pushed on each tab's stack, by tab id, read as Core reads a window's: the Feed tab's split reads
    /// as the one stack it collapses to, so a post open beside the list (its secondary column) is on the Feed
    /// tab's stack, wide or narrow.
    private var tabStacks: [String: [String]] {
        var tabStacks: [String: [String]] = [:]
        for tab in MainTab.allCases {
            guard let screen = screen(of: tab)?.viewController else { continue }
            tabStacks[tab.rawValue] = NavigationPath(above: screen).routes.prefix { !$0.isPresentation }.map(\.place)
        }
        return tabStacks
    }

    /// The steps that show `tab` as its flow left it, as Core's planner gives them from where Main is now: the
    /// tab's stack stays as it is. A sheet over the tab bar is the selected tab's flow's (Feed's compose): it stays
    /// when that tab is the one shown, and is closed first when another tab is selected, by the route of the flow
    /// that presented it (the feed's, which keeps a draft). The tab shown already takes no step. Each is a step of a
    /// link's chain, taken at its own turn in the routing queue, so a closing sheet has stopped moving before the
    /// tab is selected; restoration takes them at once.
    func steps(toShow tab: MainTab) -> [LinkStep] {
        let start = path
        let tabStacks = self.tabStacks
        var target = NavigationPath(tab: tab.rawValue, (tabStacks[tab.rawValue] ?? []).map { .push($0) })
        if start.tab == tab.rawValue { target.routes += start.routes.drop { !$0.isPresentation } }
        let plan = NavigationPlan(from: start, to: target, tabStacks: tabStacks)
        return plan.steps.map { step in
            let description =
                switch step {
                case .dismiss: "close the sheet over the tab bar"
                case .selectTab(let id): "select the \(id) tab"
                default: "\(step)"
                }
            return LinkStep(description) { [weak self] () throws(UserFacingError) in try self?.take(step) }
        }
    }

    /// Takes one planned step of ``steps(toShow:)``.
    private func take(_ step: NavigationStep) throws(UserFacingError) {
        switch step {
        case .dismiss:
            // Only the feed presents over the tab bar; its own route closes the sheet and refuses to lose a draft. A
            // sheet closed since the step was planned needs nothing.
            guard isComposeOnScreen else { return }
            try show(inFeed: .segment(.latest))
        case .selectTab(let id):
            guard let tab = MainTab(rawValue: id) else { throw UserFacingError(description: "no tab '\(id)'") }
            try select(tab)
        case .popTo, .push, .setStack, .present:
            // The tab's stack is its flow's: the target keeps it as it is, so no such step is planned.
            throw UserFacingError(description: "Main does not change a tab's stack (\(step))")
        }
    }

    /// The screens presented over Main (Feed's compose sheet), bottom first.
    private var presentedScreens: [ViewController] {
        let detail = feedSplit?.secondaryNavigation.viewControllers ?? []
        let presenters: [ViewController] =
            [presenter] + stacks.values.flatMap { [$0] + $0.viewControllers } + detail
        var screens: [ViewController] = []
        for screen in presenters {
            var next = screen.presentedViewController
            while let presented = next {
                screens.append(presented)
                next = presented.presentedViewController
            }
        }
        return screens
    }

    /// Whether Feed's compose sheet covers the tab bar.
    var isComposeOnScreen: Bool { !presentedScreens.isEmpty }

    // MARK: - Restoration

    /// Main's record: kind `main`, version 1, the value `selected` (the selected tab's id), and as children the
    /// records of the tabs built so far, in tab order (each tab's flow's own record: `feed`, `profile`).
    override var restorationState: RestorationState? {
        var children: [RestorationState] = []
        if let state = feed?.restorationState { children.append(state) }
        if let state = profile?.restorationState { children.append(state) }
        return MainRestoration.format.record(
            values: [MainRestoration.selected: (selectedTab ?? .feed).rawValue], children: children)
    }

    /// Builds the recorded tabs through the same builders a tap uses, restores each tab's stack from its record,
    /// then shows the recorded tab with the steps a link takes (``steps(toShow:)``), at once: none when it shows
    /// already; a sheet over the tab bar closed first when another tab is recorded. The first refused step ends
    /// them, and the result says why.
    override func restore(from state: RestorationState) -> RestorationResult {
        let selected: MainTab
        do throws(RestorationError) {
            try MainRestoration.format.check(state)
            selected = try state.value(MainRestoration.selected, as: MainTab.self) ?? .feed
        } catch {
            return .nearest(because: error)
        }
        var result = RestorationResult.restored
        for tab in MainTab.allCases {
            guard let tabState = state.child(ofKind: tab.rawValue, into: &result) else { continue }
            result.merge(restore(tab, from: tabState))
        }
        for step in steps(toShow: selected) {
            do {
                try step.change()
            } catch {
                result.append(.noLongerApplies("\(error)"))
                break
            }
        }
        return result
    }

    /// Restores the tab `tab` from its flow's record, building the flow first.
    func restore(_ tab: MainTab, from state: RestorationState) -> RestorationResult {
        buildFlowIfNeeded(for: tab)
        let flow: Coordinator? = tab == .feed ? feed : profile
        guard let flow else { return .nearest(because: .noLongerApplies("the \(tab.rawValue) tab cannot be shown")) }
        return flow.restore(from: state)
    }
}

extension MainCoordinator: TabBarControllerDelegate {
    func tabBarController(
        _ tabBarController: TabBarController, shouldSelect item: TabBarItem
    ) -> TabBarController.TapDecision {
        // Built before the switch, so the flow's screen loads and appears with it.
        if let tab = MainTab(rawValue: item.id) { buildFlowIfNeeded(for: tab) }
        isFeedTappedAgain = item.id == MainTab.feed.rawValue && selectedTab == .feed
        return .select
    }

    /// The Feed tab tapped again, once its stack is back at the root: Latest shows, read again, with the posts
    /// the badge counted (the list reloads only as it appears, so new posts never move the rows being read).
    func tabBarController(_ tabBarController: TabBarController, didSelect item: TabBarItem) {
        guard isFeedTappedAgain, item.id == MainTab.feed.rawValue, let feed else { return }
        isFeedTappedAgain = false
        do throws(FeedRouteError) {
            try feed.show(.segment(.latest))
        } catch {
            listener?.mainDidFail(.flowNotShown("the Feed's latest posts", reason: "\(error)"))
        }
    }
}

extension MainCoordinator: FeedListener {
    func feedDidShowLatest() {
        guard !defersLooks else { return }
        do {
            try data.markLatestSeen(email: user.email)
        } catch {
            listener?.mainDidFail(.badgeNotUpdated(reason: "\(error)"))
            return
        }
        refreshBadges()
    }
}

extension MainCoordinator: ProfileListener {
    func profileDidRename(to displayName: String) {
        listener?.mainDidRename(to: displayName)
    }

    func profileDidLogOut() {
        listener?.mainDidLogOut()
    }
}

/// The keys of Main's restoration record.
private enum MainRestoration {
    static let format = RestorationFormat(kind: "main", version: 1)
    static let selected = "selected"
}
