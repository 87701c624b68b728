import AppInterface
import Core

/// Draws what a person sees in a window as text: the navigation path, the title, the content with numbered
/// actions, the inline error, a presented screen framed over its presenter, and the tab bar on top, if any.
///
/// Actions are numbered in drawing order; ``numberedActions(in:)`` gives the same order, so typing a number
/// performs exactly the action drawn beside it. Every text from a screen is escaped (see ``TerminalText``).
@MainActor
struct ScreenRenderer {
    /// Colour or plain.
    let style: TextStyle

    /// The actions on top, in the order they are drawn and numbered (from 1).
    static func numberedActions(in snapshot: ScreenSnapshot) -> [ScreenLines.NumberedAction] {
        ScreenLines(onTopOf: snapshot).actions
    }

    /// The screen as lines of text, ending with a line break; `notice`, when given, is drawn above it (the app's
    /// word about the screen, such as the link that waits for a log-in).
    func render(_ snapshot: ScreenSnapshot, notice: String? = nil) -> String {
        let noticeLine = notice.map { style.dim(TerminalText.escaped($0)) + "\n" } ?? ""
        let levels = snapshot.levels
        guard !levels.isEmpty else { return noticeLine + "(no screen)\n" }
        var lines: [String] = []
        var indent = ""
        for (depth, level) in levels.enumerated() {
            let isTop = depth == levels.count - 1
            let path = level.screen.visiblePath
            if isTop {
                if depth > 0 {
                    let styleName = Self.describe(level.style)
                    lines.append(indent + "┌─ " + style.dim("presented \(styleName)") + " ─")
                }
                let framePrefix = depth > 0 ? indent + "│ " : indent
                let columns = snapshot.sideBySideColumns
                for line in columns.isEmpty ? renderLevel(path) : renderColumns(columns) {
                    lines.append(line.isEmpty ? String(framePrefix.dropLast()) : framePrefix + line)
                }
                if depth > 0 { lines.append(indent + "└─") }
            } else {
                lines.append(indent + style.dim(Self.pathTitle(path)))
                if depth > 0 { indent += "│ " }
            }
        }
        if let tabBar = ScreenLines.tabBarLine(in: snapshot) { lines.append(style.text(of: tabBar)) }
        return noticeLine + lines.joined(separator: "\n") + "\n"
    }

    // MARK: - One presentation level

    private func renderLevel(_ path: [ScreenSnapshot.Screen]) -> [String] {
        var lines: [String] = []
        let breadcrumb = Self.breadcrumb(path)
        if breadcrumb.count > 1 {
            lines.append(style.dim(breadcrumb.map(TerminalText.escaped).joined(separator: " › ")))
        }
        return lines + ScreenLines(of: path).lines.map(style.text(of:))
    }

    /// The columns of a split shown side by side (a regular window only), one after the other: the leading
    /// column as a level is drawn, then each next column with its breadcrumb, every line behind a rule.
    private func renderColumns(_ columns: [[ScreenSnapshot.Screen]]) -> [String] {
        let content = ScreenLines(columns: columns).columnLines
        var lines: [String] = []
        for (index, path) in columns.enumerated() {
            var column: [String] = []
            let breadcrumb = Self.breadcrumb(path)
            if breadcrumb.count > 1 {
                column.append(style.dim(breadcrumb.map(TerminalText.escaped).joined(separator: " › ")))
            }
            column += content[index].map(style.text(of:))
            lines += index == 0 ? column : column.map { style.dim("┃ ") + $0 }
        }
        return lines
    }

    // MARK: - Paths

    /// The screens whose content is drawn: every screen of the path but navigation controllers and tab bars
    /// (drawn along the bottom instead, see ``ScreenLines/tabBarLine(in:)``).
    static func contentScreens(of path: [ScreenSnapshot.Screen]) -> [ScreenSnapshot.Screen] {
        path.filter(\.drawsContent)
    }

    /// The titles of the innermost navigation stack on the path, root first.
    static func breadcrumb(_ path: [ScreenSnapshot.Screen]) -> [String] {
        guard let navigation = path.last(where: { $0.kind == .navigation }) else { return [] }
        return navigation.children.map(\.title)
    }

    private static func pathTitle(_ path: [ScreenSnapshot.Screen]) -> String {
        let crumbs = breadcrumb(path)
        if !crumbs.isEmpty { return crumbs.map(TerminalText.escaped).joined(separator: " › ") }
        return contentScreens(of: path).first.map { TerminalText.escaped($0.title) } ?? ""
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
