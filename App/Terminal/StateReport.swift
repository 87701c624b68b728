import AppInterface
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
    static func json(_ snapshot: ScreenSnapshot, userDisplayName: String?) -> String {
        let top = snapshot.top
        let value = JSONValue.object([
            "loggedIn": .bool(userDisplayName != nil),
            "user": userDisplayName.map(JSONValue.string) ?? .null,
            "top": top.map { .string($0.screenID) } ?? .null,
            "navigation": .array(
                (snapshot.topNavigation?.children ?? []).map { .string($0.screenID) }),
            "presented": .array(snapshot.levels.dropFirst().map { .string($0.screen.screenID) }),
            "coordinators": coordinatorTree(snapshot.coordinators),
            "error": snapshot.errorOnTop.map(JSONValue.string) ?? .null,
            "transition": snapshot.transitions.last.map(transition) ?? .null,
            "tabs": snapshot.tabBarOnTop.flatMap(tabs) ?? .null,
        ])
        return value.encoded
    }

    /// The coordinator tree beside the screen hierarchy, as two columns of text.
    static func tree(_ snapshot: ScreenSnapshot) -> String {
        let coordinators = ["Coordinators"] + coordinatorLines(snapshot.coordinators)
        let screens = ["Screens"] + screenLines(snapshot)
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
    static func coordinatorLines(_ root: ScreenSnapshot.CoordinatorNode) -> [String] {
        var lines: [String] = []
        appendCoordinatorLines(root, indent: "", to: &lines)
        return lines
    }

    /// The screen hierarchy, one escaped line per screen, the screen on top marked.
    static func screenLines(_ snapshot: ScreenSnapshot) -> [String] {
        var lines: [String] = []
        var indent = ""
        for (depth, level) in snapshot.levels.enumerated() {
            if depth > 0 {
                lines.append(indent + "  presents (\(level.style.rawValue)):")
                indent += "    "
            }
            appendScreenLines(level.screen, indent: indent, top: snapshot.top?.identity, to: &lines)
        }
        return lines
    }

    private static func tabs(_ tabBar: ScreenSnapshot.Screen) -> JSONValue? {
        guard case .tabBar(let items, let selectedID) = tabBar.kind else { return nil }
        var badges: [String: JSONValue] = [:]
        for item in items {
            guard let badge = item.badge else { continue }
            badges[item.id] = Int(badge).map(JSONValue.number) ?? .string(badge)
        }
        return .object([
            "items": .array(items.map { .string($0.id) }),
            "selected": selectedID.map(JSONValue.string) ?? .null,
            "badges": .object(badges),
        ])
    }

    private static func transition(_ info: TransitionInfo) -> JSONValue {
        let gesture: JSONValue =
            switch info.kind {
            case .swipeBack: .string("swipeBack")
            case .swipeDown: .string("swipeDown")
            case .swipePage: .string("swipePage")
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

    private static func coordinatorTree(_ coordinator: ScreenSnapshot.CoordinatorNode) -> JSONValue {
        .object([
            "name": .string(coordinator.name),
            "children": .array(coordinator.children.map { coordinatorTree($0) }),
        ])
    }

    private static func appendCoordinatorLines(
        _ coordinator: ScreenSnapshot.CoordinatorNode, indent: String, to lines: inout [String]
    ) {
        lines.append(indent + TerminalText.escaped(coordinator.name))
        for child in coordinator.children {
            appendCoordinatorLines(child, indent: indent + "  ", to: &lines)
        }
    }

    private static func appendScreenLines(
        _ screen: ScreenSnapshot.Screen, indent: String, top: ObjectIdentifier?, to lines: inout [String]
    ) {
        var line = indent + TerminalText.escaped(screen.screenID)
        if screen.kind == .container, screen.children.count > 1 {
            line += " [shows \(screen.visibleChild.map { TerminalText.escaped($0.screenID) } ?? "none")]"
        }
        if case .tabBar(_, let selectedID?) = screen.kind {
            line += " [tab \(TerminalText.escaped(selectedID))]"
        }
        if screen.identity == top { line += "  <- top" }
        lines.append(line)
        for child in screen.children {
            appendScreenLines(child, indent: indent + "  ", top: top, to: &lines)
        }
    }
}
