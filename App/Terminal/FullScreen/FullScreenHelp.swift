import FoundationEssentials

/// Commands only the full screen knows; each is one word, typed alone on the line.
enum TerminalCommand: String, CaseIterable {
    /// Shows or hides the coordinator tree panel.
    case panel

    /// Its line in `help`.
    var meaning: String {
        switch self {
        case .panel: "\(action) (also F2)"
        }
    }

    /// What it does, as a verb phrase.
    var action: String {
        switch self {
        case .panel: "show or hide the coordinator tree panel"
        }
    }
}

/// What the full screen says about itself, written once: its keys (shown by `?`), what `help` adds to the
/// command language's help, and the words Tab completes.
@MainActor
enum FullScreenHelp {
    /// What `?` shows: the keys on the screen, in a field and on the command line, then the pointer's, where
    /// the terminal reports it; each key's line cut at spaces to ``CommandSession/helpWidth``, so it reads whole
    /// in an 80-column terminal without the screen wrapping it again.
    static func keysText(reportsPointer: Bool) -> String {
        let groups: [(heading: String, items: [String])] = [
            (
                "On the screen:",
                [
                    "↑/↓ or j/k move the focus over fields, actions and rows (Home/End or g/G to the ends); a "
                        + "field they land on is marked, not typed into",
                    "Tab/Shift-Tab move between fields, typing; Enter taps what has the focus or types into a field",
                    "Esc closes this, else goes back, else closes the sheet; q the same, and on the first screen "
                        + "quits, asking first",
                    "1-9 choose a tab, [ and ] the one before or after; the selected tab's key again goes back to "
                        + "its first screen (on Feed, Latest read again: the new posts its badge counts show)",
                    "←/→ or h/l turn pages (the tour) to the previous or next one, as a sideways drag does",
                    ": opens the command line; ? shows these keys; i shows or hides ids and action numbers",
                    "PgUp/PgDn scroll; F2 the tree panel; Ctrl-L redraw; Ctrl-C or Ctrl-D quit; Ctrl-Z suspend (fg resumes)",
                    "Pushes, pops and sheets move for 200 ms; keys pressed meanwhile wait, then take effect in "
                        + "order (--no-animation shows them at once)",
                ]
            ),
            (
                "In a field:",
                [
                    "type to edit it (←/→, Home/End, Backspace, Ctrl-U/K/W as on the command line)",
                    "Tab or Shift-Tab (or ↑/↓) set it and move to the next or previous field, typing there",
                    "Enter sets it and goes to the next field or taps the form's button",
                    "Esc sets it and leaves it; a secure field is drawn as dots",
                ]
            ),
            (
                "On the command line (:):",
                ["every command of `help`; Enter runs it, Tab completes, ↑/↓ recall earlier lines, Esc closes it"]
            ),
        ]
        let lines = groups.flatMap { group in
            [group.heading] + group.items.flatMap { CommandSession.wrapped($0, first: "  ", rest: "    ") }
        }
        return lines.joined(separator: "\n") + "\n" + (reportsPointer ? pointerHelp : "")
    }

    /// What the status line says after `:screen`: the line mode prints the screen, the full screen shows it
    /// always and draws it again.
    static let screenNote =
        "The screen is always shown here: 'screen' drew it again, as Ctrl-L does (the line mode prints it)"

    /// What `help` adds on the full screen: its own commands and its keys.
    static var terminalHelp: String {
        let keys =
            "Keys: the screen's keys are shown by ? (↑/↓ focus, Enter, Esc, 1-9 tabs, : this line). On this "
            + "line: ←/→ move, Ctrl-←/→ or Alt-b/f by word, Home/End (Ctrl-A/E), Backspace/Delete, Ctrl-U/Ctrl-K "
            + "delete to start/end, Ctrl-W delete a word, ↑/↓ history, Tab complete, Esc close, PgUp/PgDn scroll, "
            + "F2 tree panel, Ctrl-L redraw, Ctrl-C or Ctrl-D (empty line) quit"
        let commands = TerminalCommand.allCases.flatMap { command in
            CommandSession.wrapped(command.meaning, first: "  \(command.rawValue)  ", rest: "    ")
        }
        return (commands + CommandSession.wrapped(keys, first: "", rest: "  ")).joined(separator: "\n") + "\n"
    }

    /// What `help` adds where the terminal reports the mouse: what a click and a drag do.
    static var pointerHelp: String {
        let pointer =
            "Pointer: click an action, a row, a segment or a tab to tap it; click a field to type into it (a "
            + "secure one as dots); click ‹ back to go back; the wheel scrolls. Drag from a "
            + "pushed screen's left edge to the right to swipe back, a sheet's top border down to swipe it down, or "
            + "pages sideways to turn them (to the left for the next): "
            + "let go at half way or more and it finishes, before and it cancels, as release does"
        return CommandSession.wrapped(pointer, first: "", rest: "  ").joined(separator: "\n") + "\n"
    }

    /// The deep links Tab completes, from the app's `patterns`: a post's link stops where its id goes.
    static func links(_ patterns: [String]) -> [String] {
        patterns.map { $0.replacing("<id>", with: "") }
    }

    /// Every command word: those of ``Command/summary`` and the full screen's own.
    static var commandWords: [String] {
        Command.summary.compactMap { entry in
            entry.usage.hasPrefix("<") ? nil : entry.usage.split(separator: " ").first.map(String.init)
        } + TerminalCommand.allCases.map(\.rawValue)
    }
}
