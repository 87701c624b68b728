import AppInterface
import Core

/// What a key means on the full screen, which depends on where the keys go: to the screen (moving the focus and
/// acting on it), to the field being typed into, or to the command line opened with `:`.
///
/// A pure function from a key and a mode to a ``KeyCommand``, so every binding is tested without a terminal; the
/// session carries the command out.
enum KeyDispatch {
    /// Where the keys go.
    enum Mode: Equatable, Sendable {
        /// To the screen: the focus moves, Enter acts on it, a key chooses a tab.
        case browsing
        /// To the focused field, which is typed into in place.
        case typing
        /// To the command line, opened with `:`.
        case commandLine
    }

    /// What `key` means in `mode`.
    static func command(for key: EditingKey, in mode: Mode) -> KeyCommand {
        switch key {
        case .interrupt: return .leave
        case .endOfInput: return .endOfInput
        case .suspend: return .suspend
        case .pageUp: return .scroll(pages: -1)
        case .pageDown: return .scroll(pages: 1)
        case .togglePanel: return .togglePanel
        case .redraw: return .redraw
        default: break
        }
        switch mode {
        case .commandLine:
            switch key {
            case .enter: return .runCommandLine
            case .escape: return .closeCommandLine
            case .tab: return .completeCommandLine
            default: return .editCommandLine(key)
            }
        case .typing:
            switch key {
            case .tab: return .nextField
            case .backTab: return .previousField
            case .up: return .moveFocus(by: -1)
            case .down: return .moveFocus(by: 1)
            case .enter: return .submitField
            case .escape: return .stopTyping
            default: return .typeInField(key)
            }
        case .browsing:
            return browsingCommand(for: key)
        }
    }

    /// Whether `key` acts while the terminal is too small to draw the screen: only leaving, the resize and the
    /// redraw do, since a key must not act on a screen nobody sees.
    static func actsUnseen(_ key: EditingKey) -> Bool {
        switch key {
        case .resize, .interrupt, .endOfInput, .suspend, .redraw: true
        default: false
        }
    }

    private static func browsingCommand(for key: EditingKey) -> KeyCommand {
        switch key {
        case .down, .character("j"): return .moveFocus(by: 1)
        case .up, .character("k"): return .moveFocus(by: -1)
        case .home, .character("g"): return .moveFocusToEnd(last: false)
        case .end, .character("G"): return .moveFocusToEnd(last: true)
        case .tab: return .nextField
        case .backTab: return .previousField
        case .enter: return .activate
        case .escape: return .escape
        case .character("q"): return .backOrQuit
        case .character(":"): return .openCommandLine
        case .character("?"): return .showKeys
        case .character("i"): return .toggleIDs
        case .left, .character("h"): return .turnPage(next: false)
        case .right, .character("l"): return .turnPage(next: true)
        case .character("["): return .cycleTab(by: -1)
        case .character("]"): return .cycleTab(by: 1)
        case .character(let character):
            guard let digit = character.wholeNumberValue, (1...9).contains(digit), character.isASCII else {
                return .ignore
            }
            return .selectTab(number: digit)
        default: return .ignore
        }
    }
}

/// What a key asks of the full screen (see ``KeyDispatch``).
enum KeyCommand: Equatable, Sendable {
    /// Opens the command line (`:`).
    case openCommandLine
    /// Closes the command line, dropping what it holds.
    case closeCommandLine
    /// Runs the command line's text, then closes it.
    case runCommandLine
    /// Completes the word before the cursor on the command line.
    case completeCommandLine
    /// Edits the command line (or recalls a line with Up and Down).
    case editCommandLine(EditingKey)
    /// Moves the focus down by a number of controls (up when negative).
    case moveFocus(by: Int)
    /// Moves the focus to the first control or the last.
    case moveFocusToEnd(last: Bool)
    /// Moves the focus to the next field (or control, where there are no fields).
    case nextField
    /// Moves the focus to the previous field.
    case previousField
    /// Acts on the focus: taps an action, or starts typing into a field.
    case activate
    /// Edits the field being typed into.
    case typeInField(EditingKey)
    /// Sets the field being typed into, then goes on to the next field, or taps the form's button.
    case submitField
    /// Sets the field being typed into and leaves it: the keys go to the screen again.
    case stopTyping
    /// Closes what the last command showed, or else goes back, or else dismisses the sheet on top.
    case escape
    /// `q`: does what ``escape`` does; where that is nothing (the first screen, nothing shown over it), quits,
    /// always asking first, since a letter is easily pressed by someone who meant to type it.
    case backOrQuit
    /// Chooses the tab with this number, from 1.
    case selectTab(number: Int)
    /// Chooses the tab this many places to the right (left when negative), round the ends.
    case cycleTab(by: Int)
    /// Turns the pages on top to the next or the previous page, as the person's swipe does (← → or h l).
    case turnPage(next: Bool)
    /// Shows the keys.
    case showKeys
    /// Shows or hides the ids and the action numbers.
    case toggleIDs
    /// Shows or hides the coordinator tree panel.
    case togglePanel
    /// Draws everything again.
    case redraw
    /// Scrolls the screen (or the output shown) by pages.
    case scroll(pages: Int)
    /// Leaves, asking first when work would be lost.
    case leave
    /// Ctrl-D: deletes a character where there is text, else leaves.
    case endOfInput
    /// Ctrl-Z: gives the terminal back and stops, as a shell's job, until the shell continues it.
    case suspend
    /// Nothing.
    case ignore
}

/// The keys that work now, for the status line: most useful first, so a narrow terminal keeps those.
enum KeyHints {
    /// What a person can do where the keys go, over the focused control and the screen.
    /// `badgedSelectedTab` is the key of the selected tab when it shows a badge (new posts under Feed): pressed
    /// again, it shows what the badge counts. Esc is offered only where it does what it says: not for a back that
    /// `backStays` (the screen holds an edit not saved), nor for a presented screen that `sheetStays` (one no
    /// swipe closes: it holds unsaved input, or it covers the whole screen).
    static func hints(
        mode: KeyDispatch.Mode, focus: Focus, canGoBack: Bool, backStays: Bool, showsSheet: Bool, sheetStays: Bool,
        tabCount: Int, showsPages: Bool = false, badgedSelectedTab: Int? = nil
    ) -> [String] {
        switch mode {
        case .commandLine:
            return ["Enter run", "Tab complete", "↑↓ history", "Esc close", "^C quit"]
        case .typing:
            let enter: String
            switch focus.afterField {
            case .field: enter = "Enter next field"
            case .action(let control): enter = "Enter " + control.title
            case .nothing: enter = "Enter set"
            }
            // `?` and `:` are typed into the field like any character: the keys are one Esc away.
            return ["type", enter, "Tab next field", "Esc, then ? keys", "↑↓ move", "^C quit"]
        case .browsing:
            var hints: [String] = []
            if focus.controls.count > 1 { hints.append("↑↓ move") }
            if let focused = focus.focused, let enter = enterHint(focused) { hints.append("Enter " + enter) }
            if canGoBack {
                if !backStays { hints.append("Esc back") }
            } else if showsSheet, !sheetStays {
                hints.append("Esc close")
            }
            if let badgedSelectedTab { hints.append("\(badgedSelectedTab) show new") }
            if showsPages { hints.append("←→ pages") }
            if tabCount > 1 { hints.append("1-\(min(tabCount, 9)) tabs") }
            return hints + [": command", "? keys", "i ids", "^C quit"]
        }
    }

    /// What Enter does on `control`, or `nil` when it does nothing new (the segment already shown).
    private static func enterHint(_ control: ScreenSnapshot.Control) -> String? {
        switch control.kind {
        case .field: "type"
        case .row: "open"
        case .button(let button): button.title
        case .segment(_, isSelected: true): nil
        case .segment(let segment, isSelected: false): "show " + segment.title
        }
    }
}
