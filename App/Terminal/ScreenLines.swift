import AppInterface
import Core

/// What the screens of a path show, as styled lines, produced once for both front ends: the line mode prints
/// them (``TextStyle/text(of:)``) and the full screen lays them out (``ScreenLayout``).
///
/// Actions are numbered here and only here, in drawing order, and each number is kept with the screen and action
/// it stands for, so typing a number performs exactly the action drawn beside it.
@MainActor
struct ScreenLines {
    /// A numbered action: the screen that offers it and its id.
    struct NumberedAction {
        /// The screen to perform it on.
        let screen: ScreenSnapshot.Screen
        /// The action's id.
        let id: String
    }

    /// The lines, in drawing order. The line right after the first title is its rule (``CellStyle/rule``).
    private(set) var lines: [StyledLine] = []
    /// The actions, in the order they are numbered (the first is number 1).
    private(set) var actions: [NumberedAction] = []

    /// How the lines are drawn: the line mode's way unless the full screen asks for its own.
    private let presentation: ScreenPresentation

    /// Where each column's lines start in ``lines``: one column, from 0, unless built side by side.
    private(set) var columnStarts = [0]

    /// The content of the screens of `path` that draw content (every one but navigation controllers), drawn as
    /// `presentation` says (the line mode's way by default).
    init(of path: [ScreenSnapshot.Screen], presentation: ScreenPresentation = .lineMode) {
        self.presentation = presentation
        appendContent(of: path)
        applyFocus()
    }

    /// The content of `columns` drawn side by side, leading first, each with its own title; the actions are
    /// numbered across them, the leading column's first.
    init(columns: [[ScreenSnapshot.Screen]], presentation: ScreenPresentation = .lineMode) {
        self.presentation = presentation
        columnStarts = []
        for path in columns {
            columnStarts.append(lines.count)
            appendContent(of: path)
        }
        applyFocus()
    }

    /// What is on top of `snapshot`: the columns of a split shown side by side, or else the one path on top.
    init(onTopOf snapshot: ScreenSnapshot, presentation: ScreenPresentation = .lineMode) {
        let columns = snapshot.sideBySideColumns
        if columns.isEmpty {
            self.init(of: snapshot.screensOnTop, presentation: presentation)
        } else {
            self.init(columns: columns, presentation: presentation)
        }
    }

    /// The lines of each column, leading first.
    var columnLines: [[StyledLine]] {
        columnStarts.indices.map { index in
            let end = index + 1 < columnStarts.count ? columnStarts[index + 1] : lines.count
            return Array(lines[columnStarts[index]..<end])
        }
    }

    /// Marks the focused element's spans, when the presentation has a focus.
    private mutating func applyFocus() {
        if let focus = presentation.focus {
            lines = lines.map { line in line.map { $0.focused(if: focus) } }
        }
    }

    private mutating func appendContent(of path: [ScreenSnapshot.Screen]) {
        var isFirstTitle = true
        for screen in ScreenRenderer.contentScreens(of: path) {
            let content = screen.content
            if !content.title.isEmpty {
                lines.append([StyledSpan(isFirstTitle ? content.title : "· " + content.title, .bold)])
                if isFirstTitle {
                    let width = max(3, TerminalText.escaped(content.title).count)
                    lines.append([StyledSpan(String(repeating: "=", count: width), .rule)])
                }
                isFirstTitle = false
            }
            for element in content.elements {
                append(element, of: screen)
            }
            if let message = content.errorMessage {
                lines.append([StyledSpan("! " + message, .error)])
            }
        }
    }

    /// The lines of `text` as drawn: a line break (a post's, a multi-line field's) starts a new line, so it never
    /// reaches the terminal; at least one line.
    static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The lines of a row's title, its detail after the last of them.
    private static func head(of item: ListItem) -> [String] {
        var head = lines(of: item.title)
        if let detail = item.detail { head[head.count - 1] += " · " + detail }
        return head
    }

    /// Numbers `id` of `screen` with the next number; the spans drawn for it, after its number, all reach it when
    /// clicked.
    private mutating func numbered(_ id: String, of screen: ScreenSnapshot.Screen, _ spans: [StyledSpan]) -> StyledLine
    {
        actions.append(NumberedAction(screen: screen, id: id))
        let number = presentation.showsIDs ? [StyledSpan("[\(actions.count)]", .accent)] : []
        return (number + spans).reaching(.action(actions.count))
    }

    private mutating func append(_ element: ScreenElement, of screen: ScreenSnapshot.Screen) {
        guard presentation.showsIDs else {
            appendPlainly(element, of: screen)
            return
        }
        switch element {
        case .text(let text):
            lines += Self.lines(of: text).map { [StyledSpan($0)] }
        case .field(let field):
            let kind = field.isSecure ? ", secure" : ""
            let target = PointerTarget.field(id: field.id, isSecure: field.isSecure)
            // A multi-line value's first line follows the label, the others are drawn below it.
            var valueLines = Self.lines(of: field.displayedValue)
            var value = [StyledSpan(": " + valueLines[0])]
            if let draft = presentation.draft, draft.fieldID == field.id {
                value = [StyledSpan(": "), StyledSpan(draft.shownText + " ", .input)]
                valueLines = [""]
            }
            lines.append(
                ([StyledSpan(field.label + " "), StyledSpan("(set \(field.id)\(kind))", .dim)] + value).reaching(
                    target))
            lines += valueLines.dropFirst().map { [StyledSpan("  " + $0, target: target)] }
        case .button(let button):
            let availability = button.isEnabled ? "" : ", unavailable"
            lines.append(
                numbered(
                    button.id, of: screen,
                    [StyledSpan(" " + button.title + " "), StyledSpan("(\(button.id)\(availability))", .dim)]))
        case .list(let list):
            guard !list.items.isEmpty else {
                if let message = list.emptyMessage { lines.append([StyledSpan("  " + message, .dim)]) }
                return
            }
            for item in list.items {
                let head = Self.head(of: item)
                // A row with an action reaches it wherever it is clicked, its subtitle too.
                var target: PointerTarget?
                if let actionID = item.actionID {
                    let row = numbered(
                        actionID, of: screen, [StyledSpan(" " + head[0] + " "), StyledSpan("(\(actionID))", .dim)])
                    target = row.first?.target
                    lines.append(row)
                } else {
                    lines.append([StyledSpan("  - " + head[0])])
                }
                let rest = head.dropFirst() + (item.subtitle.map(Self.lines(of:)) ?? [])
                lines += rest.map { [StyledSpan("      " + $0, target: target)] }
            }
        case .segmentedControl(let control):
            var line: StyledLine = []
            for segment in control.segments {
                if !line.isEmpty { line.append(StyledSpan("  ")) }
                line += numbered(
                    segment.id, of: screen,
                    [
                        StyledSpan(" "),
                        StyledSpan(segment.title, segment.id == control.selectedID ? .selectedTab : .plain),
                        StyledSpan(" "), StyledSpan("(\(segment.id))", .dim),
                    ])
            }
            lines.append(line)
        }
    }
}

extension ScreenLines {
    /// `element` drawn for a person rather than a script: no ids, no numbers, no `set` hints; a button between
    /// brackets, a field's value (or the draft being typed into it) after its label.
    private mutating func appendPlainly(_ element: ScreenElement, of screen: ScreenSnapshot.Screen) {
        switch element {
        case .text(let text):
            lines += Self.lines(of: text).map { [StyledSpan($0)] }
        case .field(let field):
            let target = PointerTarget.field(id: field.id, isSecure: field.isSecure)
            let value: StyledSpan
            var valueLines = Self.lines(of: field.displayedValue)
            if let draft = presentation.draft, draft.fieldID == field.id {
                // The value being typed, with room for the cursor after it.
                value = StyledSpan(draft.shownText + " ", .input)
                valueLines = [""]
            } else {
                value = StyledSpan(valueLines[0])
            }
            lines.append([StyledSpan("  "), StyledSpan(field.label + ":"), StyledSpan(" "), value].reaching(target))
            lines += valueLines.dropFirst().map { [StyledSpan("    "), StyledSpan($0)].reaching(target) }
        case .button(let button):
            let unavailable = button.isEnabled ? [] : [StyledSpan(" unavailable", .dim)]
            lines.append(
                [StyledSpan("  ")] + numbered(button.id, of: screen, [StyledSpan("[ " + button.title + " ]")])
                    + unavailable)
        case .list(let list):
            guard !list.items.isEmpty else {
                if let message = list.emptyMessage { lines.append([StyledSpan("  " + message, .dim)]) }
                return
            }
            for item in list.items {
                let head = Self.head(of: item)
                let rest = head.dropFirst() + (item.subtitle.map(Self.lines(of:)) ?? [])
                guard let actionID = item.actionID else {
                    lines.append([StyledSpan("  - " + head[0])])
                    lines += rest.map { [StyledSpan("    " + $0)] }
                    continue
                }
                // A row the person chose (a post they liked) is marked beside its title.
                let mark = item.isMarked ? [StyledSpan("♥ ", .accent)] : []
                let row = numbered(actionID, of: screen, [StyledSpan("  ")] + mark + [StyledSpan(head[0])])
                lines.append(row)
                lines += rest.map { [StyledSpan("    "), StyledSpan($0)].reaching(row[0].target) }
            }
        case .segmentedControl(let control):
            var line: StyledLine = [StyledSpan("  ")]
            for segment in control.segments {
                if line.count > 1 { line.append(StyledSpan("  ")) }
                let style: CellStyle = segment.id == control.selectedID ? .selectedTab : .plain
                // The focus on a segment is bracketed, so it is told apart from the segment shown, which is
                // drawn reversed too.
                let isFocused = presentation.focus == .action(actions.count + 1)
                let title = isFocused ? "[" + segment.title + "]" : " " + segment.title + " "
                line += numbered(segment.id, of: screen, [StyledSpan(title, style)])
            }
            lines.append(line)
        }
    }

    /// The tab bar on top as one line, drawn by both front ends along the bottom of the screen: each tab's title
    /// (the selected one marked), its badge in parentheses, and the command that taps it, all reaching the tab
    /// when clicked.
    static func tabBarLine(in snapshot: ScreenSnapshot, showsIDs: Bool = true) -> StyledLine? {
        guard case .tabBar(let items, let selectedID) = snapshot.tabBarOnTop?.kind, !items.isEmpty else {
            return nil
        }
        guard showsIDs else {
            // For a person: each tab's title, the selected one reversed, its badge beside it.
            var line: StyledLine = []
            for item in items {
                if !line.isEmpty { line.append(StyledSpan("   ")) }
                var tab = [StyledSpan(" " + item.title + " ", item.id == selectedID ? .selectedTab : .plain)]
                if let badge = item.badge { tab.append(StyledSpan(" (\(badge))", .accent)) }
                line += tab.reaching(.tab(item.id))
            }
            return line
        }
        var line: StyledLine = [StyledSpan("Tabs: ", .dim)]
        for (index, item) in items.enumerated() {
            if index > 0 { line.append(StyledSpan("  │  ", .dim)) }
            var tab = [StyledSpan(item.title, item.id == selectedID ? .selectedTab : .plain)]
            if let badge = item.badge { tab.append(StyledSpan(" (\(badge))", .accent)) }
            tab.append(StyledSpan(" (tab \(item.id))", .dim))
            line += tab.reaching(.tab(item.id))
        }
        return line
    }
}

extension [StyledSpan] {
    /// The spans, each reaching `target` when clicked.
    fileprivate func reaching(_ target: PointerTarget?) -> StyledLine {
        map { StyledSpan($0.text, $0.style, target: target) }
    }
}

extension StyledSpan {
    /// The span drawn as the focus when it reaches `focus`; its blank indentation and the draft being typed keep
    /// their look.
    fileprivate func focused(if focus: PointerTarget) -> StyledSpan {
        guard target == focus, style != .input, text.contains(where: { !$0.isWhitespace }) else { return self }
        return StyledSpan(text, .focused, target: target)
    }
}

/// How ``ScreenLines`` draws a screen: the line mode's way, for scripts, or the full screen's, for a person.
struct ScreenPresentation: Equatable, Sendable {
    /// A field being typed into, as drawn.
    struct Draft: Equatable, Sendable {
        /// The field's id.
        var fieldID: String
        /// What it shows: the text typed, or dots for a secure field.
        var shownText: String
    }

    /// Whether ids, action numbers and the `set` hints are drawn, as scripts need them.
    var showsIDs = true
    /// What has the focus, drawn reversed, or `nil`.
    var focus: PointerTarget?
    /// The field being typed into, or `nil`.
    var draft: Draft?

    /// The line mode's: everything a script reads, no focus.
    static let lineMode = ScreenPresentation()
}

extension TextStyle {
    /// `line` as text for the line mode: every span escaped and styled; a selected tab, which a printed line
    /// cannot show reversed, between angle brackets.
    func text(of line: StyledLine) -> String {
        line.map { span in
            let text = TerminalText.escaped(span.text)
            switch span.style {
            case .plain, .frame, .bar, .rule: return text
            case .bold: return bold(text)
            case .dim: return dim(text)
            case .accent: return accent(text)
            case .error: return error(text)
            case .selectedTab: return bold("<\(text)>")
            case .focused, .input: return text
            }
        }.joined()
    }
}
