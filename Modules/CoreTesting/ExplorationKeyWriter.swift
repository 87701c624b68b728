import Core

/// Writes a state's keys in one walk of the window and one of the tree, straight into text: the same text as
/// ``Window/screenLines(includingContent:fieldValues:)`` joined by new lines, each screen's content read once.
///
/// The explorer reads keys after every input, so this is most of what a transition costs beside the input itself.
@MainActor
struct ExplorationKeyWriter {
    /// The screens with their content but the fields' text, the width and the tree: the state's key.
    var key = ""
    /// The screens without their content, the width and the tree: the state's navigation.
    var navigationKey = ""
    /// The screens with their content and the fields' text, the width and the tree; written only when asked for.
    var exactKey = ""
    private let writesKey: Bool
    private let writesNavigationKey: Bool
    private let writesExactKey: Bool
    private var topScreen: ViewController?

    /// The keys of `subject` asked for: the key, the navigation key, the exact key.
    static func write(
        of subject: ExplorationSubject, key: Bool = false, navigationKey: Bool = false, exactKey: Bool = false
    ) -> ExplorationKeyWriter {
        var writer = ExplorationKeyWriter(
            writesKey: key, writesNavigationKey: navigationKey, writesExactKey: exactKey)
        writer.writeScreens(of: subject.window)
        var tail = ""
        if subject.window.horizontalSizeClass != .compact {
            tail += "\nwidth: \(subject.window.horizontalSizeClass.rawValue)"
        }
        tail += "\n--"
        for line in Explorer.treeKey(of: subject.root) {
            tail += "\n"
            tail += line
        }
        writer.appendToAll(tail)
        return writer
    }

    private init(writesKey: Bool, writesNavigationKey: Bool, writesExactKey: Bool) {
        self.writesKey = writesKey
        self.writesNavigationKey = writesNavigationKey
        self.writesExactKey = writesExactKey
    }

    private mutating func appendToAll(_ text: String) {
        if writesKey { key += text }
        if writesNavigationKey { navigationKey += text }
        if writesExactKey { exactKey += text }
    }

    private mutating func appendContent(_ text: String, fieldValue: String? = nil) {
        if writesKey { key += text }
        if writesExactKey {
            exactKey += text
            if let fieldValue { exactKey += fieldValue }
        }
    }

    private mutating func writeScreens(of window: Window) {
        guard let root = window.rootViewController else {
            appendToAll("  (no root screen)")
            return
        }
        topScreen = window.topViewController
        write(root, role: nil, indent: "  ", isFirst: true)
    }

    /// Writes `screen` and what it holds; `contentRole`, when given, is its role in the keys with content (a
    /// tab's badge).
    private mutating func write(
        _ screen: ViewController, role: String?, contentRole: String? = nil, indent: String, isFirst: Bool
    ) {
        let lead = (isFirst ? "" : "\n") + indent + screen.screenID
        let isOnTop = screen === topScreen
        if writesNavigationKey { navigationKey += lead + Self.notes(role: role, isOnTop: isOnTop) }
        guard writesKey || writesExactKey else {
            writeChildren(of: screen, indent: indent)
            return
        }
        let content = screen.content
        let said = Self.notes(role: contentRole ?? role, isOnTop: isOnTop)
        let titled = content.title.isEmpty ? lead + said : lead + " \"\(content.title)\"" + said
        appendContent(titled)
        writeContent(content, indent: indent + "  ")
        writeChildren(of: screen, indent: indent)
    }

    /// Writes the screens `screen` holds, then the one it presents.
    private mutating func writeChildren(of screen: ViewController, indent: String) {
        let inner = indent + "  "
        if let navigation = screen as? NavigationController {
            for child in navigation.viewControllers {
                write(child, role: nil, indent: inner, isFirst: false)
            }
        } else if let container = screen as? ContainerViewController {
            let selected = container.selectedViewController
            for child in container.viewControllers {
                write(child, role: child === selected ? "selected" : nil, indent: inner, isFirst: false)
            }
        } else if let split = screen as? SplitViewController {
            let collapsed = split.isCollapsed ? ", collapsed" : ""
            for column in SplitViewController.Column.allCases {
                write(
                    split.navigation(for: column), role: "\(column.rawValue) column" + collapsed, indent: inner,
                    isFirst: false)
            }
        } else if let container = screen as? PageViewController {
            let count = container.pages.count
            for (index, page) in container.pages.enumerated() {
                let role = "page \(index + 1) of \(count)" + (index == container.currentIndex ? ", current" : "")
                write(page, role: role, indent: inner, isFirst: false)
            }
        } else if let tabBar = screen as? TabBarController {
            let selected = tabBar.selectedViewController
            for tab in tabBar.tabs {
                let child = tab.screen.viewController
                let role = "tab \(tab.item.id)"
                let mark = child === selected ? ", selected" : ""
                // A badge is content: the navigation key leaves it out, as the structure-only lines do.
                let badge = tab.item.badge.map { ", badge \"\($0)\"" } ?? ""
                write(child, role: role + mark, contentRole: role + badge + mark, indent: inner, isFirst: false)
            }
        }
        if let presented = screen.presentedViewController, presented.presentingViewController === screen {
            let role = "presented \(presented.modalPresentationStyle.rawValue)"
            write(presented, role: role, indent: inner, isFirst: false)
        }
    }

    /// ` (role, on top)`, or what of it applies, or nothing.
    private static func notes(role: String?, isOnTop: Bool) -> String {
        switch (role, isOnTop) {
        case (let role?, true): " (" + role + ", on top)"
        case (let role?, false): " (" + role + ")"
        case (nil, true): " (on top)"
        case (nil, false): ""
        }
    }

    private mutating func writeContent(_ content: ScreenContent, indent: String) {
        let lead = "\n" + indent
        for element in content.elements {
            switch element {
            case .text(let text): appendContent(lead + "text: " + text)
            case .field(let field):
                appendContent(
                    lead + "field \(field.id) \"\(field.label)\"" + (field.isSecure ? " secure" : ""),
                    fieldValue: ": \"\(field.displayedValue)\"")
            case .button(let button):
                appendContent(
                    lead + "button \(button.id) \"\(button.title)\"" + (button.isEnabled ? "" : " (disabled)"))
            case .list(let list):
                appendContent(
                    lead + "list \(list.id)" + (list.items.isEmpty ? ": " + (list.emptyMessage ?? "(empty)") : ""))
                for item in list.items {
                    var row = lead + "  row \(item.id) \"\(item.title)\""
                    if let subtitle = item.subtitle { row += " | " + subtitle }
                    if let detail = item.detail { row += " | " + detail }
                    if let action = item.actionID { row += " -> " + action }
                    appendContent(row)
                }
            case .segmentedControl(let control):
                let segments = control.segments.map { $0.id == control.selectedID ? "[\($0.title)]" : $0.title }
                appendContent(lead + "segments \(control.id): " + segments.joined(separator: " "))
            }
        }
        if let error = content.errorMessage { appendContent(lead + "error: " + error) }
    }
}
