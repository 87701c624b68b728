import Core

/// Draws what a person sees in a window as text: the navigation path, the title, the content with numbered
/// actions, the inline error, and a presented screen framed over its presenter.
///
/// Actions are numbered in drawing order; ``numberedActions(in:)`` gives the same order, so typing a number
/// performs exactly the action drawn beside it. Every text from a screen is escaped (see ``TerminalText``).
@MainActor
struct ScreenRenderer {
    /// A numbered action: the screen that offers it and its id.
    struct NumberedAction {
        /// The screen to perform it on.
        let screen: ViewController
        /// The action.
        let action: ScreenAction
    }

    /// Colour or plain.
    let style: TextStyle

    /// The actions on top, in the order they are drawn and numbered (from 1).
    static func numberedActions(in window: Window) -> [NumberedAction] {
        contentScreens(of: window.screensOnTop).flatMap { screen in
            screen.content.actions.map { NumberedAction(screen: screen, action: $0) }
        }
    }

    /// The screen as lines of text, ending with a line break; `notice`, when given, is drawn above it (the app's
    /// word about the screen, such as the link that waits for a log-in).
    func render(_ window: Window, notice: String? = nil) -> String {
        let noticeLine = notice.map { style.dim(TerminalText.escaped($0)) + "\n" } ?? ""
        guard let root = window.rootViewController else { return noticeLine + "(no screen)\n" }
        let levels = [root] + window.presentedViewControllers
        var lines: [String] = []
        var indent = ""
        for (depth, level) in levels.enumerated() {
            let isTop = depth == levels.count - 1
            let path = Self.visiblePath(from: level)
            if isTop {
                if depth > 0 {
                    let styleName = Self.describe(level.modalPresentationStyle)
                    lines.append(indent + "┌─ " + style.dim("presented \(styleName)") + " ─")
                }
                let framePrefix = depth > 0 ? indent + "│ " : indent
                for line in renderLevel(path) {
                    lines.append(line.isEmpty ? String(framePrefix.dropLast()) : framePrefix + line)
                }
                if depth > 0 { lines.append(indent + "└─") }
            } else {
                lines.append(indent + style.dim(Self.pathTitle(path)))
                if depth > 0 { indent += "│ " }
            }
        }
        return noticeLine + lines.joined(separator: "\n") + "\n"
    }

    // MARK: - One presentation level

    private func renderLevel(_ path: [ViewController]) -> [String] {
        var lines: [String] = []
        let breadcrumb = Self.breadcrumb(path)
        if breadcrumb.count > 1 {
            lines.append(style.dim(breadcrumb.map(TerminalText.escaped).joined(separator: " › ")))
        }
        var number = 0
        var isFirstTitle = true
        for screen in Self.contentScreens(of: path) {
            let content = screen.content
            if !content.title.isEmpty {
                let title = TerminalText.escaped(content.title)
                lines.append(isFirstTitle ? style.bold(title) : style.bold("· " + title))
                if isFirstTitle { lines.append(String(repeating: "=", count: max(3, title.count))) }
                isFirstTitle = false
            }
            for element in content.elements {
                lines += renderElement(element, number: &number)
            }
            if let message = content.errorMessage {
                lines.append(style.error("! " + TerminalText.escaped(message)))
            }
        }
        return lines
    }

    private func renderElement(_ element: ScreenElement, number: inout Int) -> [String] {
        switch element {
        case .text(let text):
            return [TerminalText.escaped(text)]
        case .field(let field):
            let kind = field.isSecure ? ", secure" : ""
            return [
                "\(TerminalText.escaped(field.label)) " + style.dim("(set \(TerminalText.escaped(field.id))\(kind))")
                    + ": " + TerminalText.escaped(field.displayedValue)
            ]
        case .button(let button):
            number += 1
            let availability = button.isEnabled ? "" : ", unavailable"
            return [
                style.accent("[\(number)]") + " " + TerminalText.escaped(button.title) + " "
                    + style.dim("(\(TerminalText.escaped(button.id))\(availability))")
            ]
        case .list(let list):
            guard !list.items.isEmpty else {
                return list.emptyMessage.map { ["  " + TerminalText.escaped($0)] } ?? []
            }
            var lines: [String] = []
            for item in list.items {
                var head = TerminalText.escaped(item.title)
                if let detail = item.detail { head += " · " + TerminalText.escaped(detail) }
                if let actionID = item.actionID {
                    number += 1
                    lines.append(
                        style.accent("[\(number)]") + " " + head + " "
                            + style.dim("(\(TerminalText.escaped(actionID)))"))
                } else {
                    lines.append("  - " + head)
                }
                if let subtitle = item.subtitle {
                    lines.append("      " + TerminalText.escaped(subtitle))
                }
            }
            return lines
        case .segmentedControl(let control):
            let segments = control.segments.map { segment -> String in
                number += 1
                let title = TerminalText.escaped(segment.title)
                let shown = segment.id == control.selectedID ? style.bold("<\(title)>") : title
                return style.accent("[\(number)]") + " " + shown + " "
                    + style.dim("(\(TerminalText.escaped(segment.id)))")
            }
            return [segments.joined(separator: "  ")]
        }
    }

    // MARK: - Paths

    /// The level's screen and, inside it, the visible child of each container, outermost first.
    static func visiblePath(from level: ViewController) -> [ViewController] {
        var path = [level]
        while let next = visibleChild(of: path[path.count - 1]) {
            path.append(next)
        }
        return path
    }

    private static func visibleChild(of screen: ViewController) -> ViewController? {
        if let navigation = screen as? NavigationController { return navigation.topViewController }
        if let container = screen as? ContainerViewController { return container.selectedViewController }
        return nil
    }

    /// The screens whose content is drawn: every screen of the path but navigation controllers.
    static func contentScreens(of path: [ViewController]) -> [ViewController] {
        path.filter { !($0 is NavigationController) }
    }

    /// The titles of the innermost navigation stack on the path, root first.
    static func breadcrumb(_ path: [ViewController]) -> [String] {
        guard let navigation = path.last(where: { $0 is NavigationController }) as? NavigationController else {
            return []
        }
        return navigation.viewControllers.map { title(of: $0) }
    }

    static func title(of screen: ViewController) -> String {
        let title = screen.content.title
        return title.isEmpty ? screen.screenID : title
    }

    private static func pathTitle(_ path: [ViewController]) -> String {
        let crumbs = breadcrumb(path)
        if !crumbs.isEmpty { return crumbs.map(TerminalText.escaped).joined(separator: " › ") }
        return contentScreens(of: path).first.map { TerminalText.escaped(title(of: $0)) } ?? ""
    }

    static func describe(_ style: PresentationStyle) -> String {
        switch style {
        case .fullScreen: "full screen"
        case .overFullScreen: "over full screen"
        case .pageSheet: "sheet"
        case .formSheet: "form sheet"
        }
    }
}
