public import Core

extension Window {
    /// The window's navigation as text: every screen in the hierarchy, nested as it is shown (a navigation
    /// stack's screens, a container's children, a tab bar's tabs with their badges, a split's two columns and
    /// whether it is collapsed, a page container's pages and the current one, the screens presented over
    /// them), each with its content, then
    /// the coordinator tree of `coordinators`, if given.
    ///
    /// It is what ``verifyNavigationSnapshot(of:coordinators:named:filePath:)`` stores, and reads as a person
    /// would review it:
    ///
    /// ```text
    /// screens:
    ///   navigation (navigation stack)
    ///     login "Log in" (on top)
    ///       field email "Email": "ada@example.com"
    ///       button login "Log in"
    ///       error: Wrong email or password.
    /// coordinators:
    ///   LoginParent
    ///     LoginCoordinator
    /// ```
    public func navigationText(coordinators: Coordinator? = nil) -> String {
        var lines = ["screens:"] + screenLines(includingContent: true)
        if let coordinators { lines += ["coordinators:"] + coordinators.treeLines.map { "  " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The screen hierarchy as indented lines, with each screen's content or without it (ids, nesting and
    /// presentation only); with `fieldValues` false, the text in fields is left out of the content.
    func screenLines(includingContent: Bool, fieldValues: Bool = true) -> [String] {
        guard let root = rootViewController else { return ["  (no root screen)"] }
        let onTop = Set(screensOnTop.map(ObjectIdentifier.init))
        var lines: [String] = []
        appendLines(
            of: root, role: nil, indent: "  ", onTop: onTop, content: includingContent ? fieldValues : nil, to: &lines)
        return lines
    }

    /// Appends the lines of `screen` and what it holds; `content` is nil for none, else whether field values
    /// are written.
    private func appendLines(
        of screen: ViewController, role: String?, indent: String, onTop: Set<ObjectIdentifier>, content: Bool?,
        to lines: inout [String]
    ) {
        var heading = indent + screen.screenID
        let title = screen.content.title
        if content != nil, !title.isEmpty { heading += " \"\(title)\"" }
        let notes = [role, onTop.contains(ObjectIdentifier(screen)) && screen === topViewController ? "on top" : nil]
        let said = notes.compactMap { $0 }
        if !said.isEmpty { heading += " (" + said.joined(separator: ", ") + ")" }
        lines.append(heading)
        if let fieldValues = content {
            lines += Self.contentLines(of: screen.content, fieldValues: fieldValues).map { indent + "  " + $0 }
        }
        let inner = indent + "  "
        if let navigation = screen as? NavigationController {
            for child in navigation.viewControllers {
                appendLines(of: child, role: nil, indent: inner, onTop: onTop, content: content, to: &lines)
            }
        } else if let container = screen as? ContainerViewController {
            for child in container.viewControllers {
                let selected = child === container.selectedViewController ? "selected" : nil
                appendLines(of: child, role: selected, indent: inner, onTop: onTop, content: content, to: &lines)
            }
        } else if let split = screen as? SplitViewController {
            for column in SplitViewController.Column.allCases {
                let role = "\(column.rawValue) column" + (split.isCollapsed ? ", collapsed" : "")
                appendLines(
                    of: split.navigation(for: column), role: role, indent: inner, onTop: onTop, content: content,
                    to: &lines)
            }
        } else if let container = screen as? PageViewController {
            for (index, page) in container.pages.enumerated() {
                let role =
                    "page \(index + 1) of \(container.pages.count)"
                    + (index == container.currentIndex ? ", current" : "")
                appendLines(of: page, role: role, indent: inner, onTop: onTop, content: content, to: &lines)
            }
        } else if let tabBar = screen as? TabBarController {
            for tab in tabBar.tabs {
                let child = tab.screen.viewController
                // A badge is what a person reads on the tab, so it is content: snapshots and explore's content
                // key see it, the structure-only lines do not.
                let badge = content != nil ? tab.item.badge.map { ", badge \"\($0)\"" } ?? "" : ""
                let role =
                    "tab \(tab.item.id)" + badge + (child === tabBar.selectedViewController ? ", selected" : "")
                appendLines(of: child, role: role, indent: inner, onTop: onTop, content: content, to: &lines)
            }
        }
        if let presented = screen.presentedViewController, presented.presentingViewController === screen {
            let role = "presented \(presented.modalPresentationStyle.rawValue)"
            appendLines(of: presented, role: role, indent: inner, onTop: onTop, content: content, to: &lines)
        }
    }

    /// One line for each element of `content`, then its error; with `fieldValues` false, fields without their
    /// text.
    static func contentLines(of content: ScreenContent, fieldValues: Bool = true) -> [String] {
        var lines: [String] = []
        for element in content.elements {
            switch element {
            case .text(let text): lines.append("text: " + text)
            case .field(let field):
                let value = fieldValues ? ": \"\(field.displayedValue)\"" : ""
                lines.append("field \(field.id) \"\(field.label)\"\(field.isSecure ? " secure" : "")" + value)
            case .button(let button):
                lines.append("button \(button.id) \"\(button.title)\"" + (button.isEnabled ? "" : " (disabled)"))
            case .list(let list):
                lines.append("list \(list.id)" + (list.items.isEmpty ? ": " + (list.emptyMessage ?? "(empty)") : ""))
                for item in list.items {
                    let parts = [item.subtitle, item.detail].compactMap { $0 }
                    let action = item.actionID.map { " -> \($0)" } ?? ""
                    lines.append("  row \(item.id) \"\(item.title)\"" + parts.map { " | " + $0 }.joined() + action)
                }
            case .segmentedControl(let control):
                let segments = control.segments.map { $0.id == control.selectedID ? "[\($0.title)]" : $0.title }
                lines.append("segments \(control.id): " + segments.joined(separator: " "))
            }
        }
        if let error = content.errorMessage { lines.append("error: " + error) }
        return lines
    }
}
