import Core

/// The navigation state as data: what `state` prints (one line of JSON) and what `tree` draws.
@MainActor
enum StateReport {
    /// The state as one line of JSON with sorted keys: `loggedIn`, `user` (display name or null), `top` (the
    /// screen a person sees), `navigation` (ids of the stack holding it, root first), `presented` (ids of the
    /// presented chain, bottom first), `coordinators` (the tree of coordinator names), `error` (the message
    /// shown on screen, or null) and `transition` (null, or the transition in flight: its `gesture` — `swipeBack`,
    /// `swipeDown`, or null for an animated change —, `progress`, `held`, and the screens `leaving` and `arriving`)
    /// and `tabs` (null when no tab bar is on top, else its `items` (tab ids in order), `selected` (the selected
    /// tab's id) and `badges` (tab id → the badge's number, or its text when it is not one)).
    static func json(window: Window, root: Coordinator, userDisplayName: String?) -> String {
        let top = window.topViewController
        let error = window.screensOnTop.lazy.compactMap(\.content.errorMessage).last
        let value = JSONValue.object([
            "loggedIn": .bool(userDisplayName != nil),
            "user": userDisplayName.map(JSONValue.string) ?? .null,
            "top": top.map { .string($0.screenID) } ?? .null,
            "navigation": .array(
                (top?.enclosingNavigationController?.viewControllers ?? []).map { .string($0.screenID) }),
            "presented": .array(window.presentedViewControllers.map { .string($0.screenID) }),
            "coordinators": coordinatorTree(root),
            "error": error.map(JSONValue.string) ?? .null,
            "transition": window.transitionsInFlight.last.map(transition) ?? .null,
            "tabs": ScreenLines.tabBarOnTop(in: window).map(tabs) ?? .null,
        ])
        return value.encoded
    }

    /// The coordinator tree beside the screen hierarchy, as two columns of text.
    static func tree(window: Window, root: Coordinator) -> String {
        let coordinators = ["Coordinators"] + coordinatorLines(root)
        let screens = ["Screens"] + screenLines(window)
        let width = (coordinators.map(\.count).max() ?? 0) + 4
        var lines: [String] = []
        for index in 0..<max(coordinators.count, screens.count) {
            let left = index < coordinators.count ? coordinators[index] : ""
            let right = index < screens.count ? screens[index] : ""
            let line = right.isEmpty ? left : left + String(repeating: " ", count: width - left.count) + right
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The coordinator tree, one escaped line per coordinator, children indented under their parent.
    static func coordinatorLines(_ root: Coordinator) -> [String] {
        var lines: [String] = []
        appendCoordinatorLines(root, indent: "", to: &lines)
        return lines
    }

    /// The screen hierarchy, one escaped line per screen, the screen on top marked.
    static func screenLines(_ window: Window) -> [String] {
        var lines: [String] = []
        if let rootScreen = window.rootViewController {
            appendScreenLines(rootScreen, indent: "", top: window.topViewController, to: &lines)
        }
        return lines
    }

    private static func tabs(_ tabBar: TabBarController) -> JSONValue {
        var badges: [String: JSONValue] = [:]
        for item in tabBar.items {
            guard let badge = item.badge else { continue }
            badges[item.id] = Int(badge).map(JSONValue.number) ?? .string(badge)
        }
        return .object([
            "items": .array(tabBar.items.map { .string($0.id) }),
            "selected": tabBar.selectedTab.map { .string($0.item.id) } ?? .null,
            "badges": .object(badges),
        ])
    }

    private static func transition(_ info: TransitionInfo) -> JSONValue {
        let gesture: JSONValue =
            switch info.kind {
            case .swipeBack: .string("swipeBack")
            case .swipeDown: .string("swipeDown")
            case .routing, .gesture: .null
            }
        return .object([
            "gesture": gesture,
            "progress": .fraction(info.progress),
            "held": .bool(info.isHeld),
            "leaving": .array(info.leavingIDs.map(JSONValue.string)),
            "arriving": .array(info.arrivingIDs.map(JSONValue.string)),
        ])
    }

    private static func coordinatorTree(_ coordinator: Coordinator) -> JSONValue {
        .object([
            "name": .string(coordinator.name),
            "children": .array(coordinator.children.map { coordinatorTree($0) }),
        ])
    }

    private static func appendCoordinatorLines(_ coordinator: Coordinator, indent: String, to lines: inout [String]) {
        lines.append(indent + TerminalText.escaped(coordinator.name))
        for child in coordinator.children {
            appendCoordinatorLines(child, indent: indent + "  ", to: &lines)
        }
    }

    private static func appendScreenLines(
        _ screen: ViewController, indent: String, top: ViewController?, to lines: inout [String]
    ) {
        var line = indent + TerminalText.escaped(screen.screenID)
        if let container = screen as? ContainerViewController, container.viewControllers.count > 1 {
            line += " [shows \(container.selectedViewController.map { TerminalText.escaped($0.screenID) } ?? "none")]"
        }
        if let tabBar = screen as? TabBarController, let selected = tabBar.selectedTab {
            line += " [tab \(TerminalText.escaped(selected.item.id))]"
        }
        if screen === top { line += "  <- top" }
        lines.append(line)
        let children: [ViewController] =
            (screen as? NavigationController)?.viewControllers ?? (screen as? ContainerViewController)?.viewControllers
            ?? (screen as? TabBarController)?.tabs.map(\.screen.viewController) ?? []
        for child in children {
            appendScreenLines(child, indent: indent + "  ", top: top, to: &lines)
        }
        if let presented = screen.presentedViewController, screen.parent == nil {
            lines.append(indent + "  presents (\(presented.modalPresentationStyle.rawValue)):")
            appendScreenLines(presented, indent: indent + "    ", top: top, to: &lines)
        }
    }
}
