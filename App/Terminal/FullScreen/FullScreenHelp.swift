import Foundation

/// Commands only the full screen knows; each is one word, typed alone on the line.
enum TerminalCommand: String, CaseIterable {
    /// Shows or hides the coordinator tree panel.
    case panel

    /// Its line in `help`.
    var meaning: String {
        switch self {
        case .panel: "show or hide the coordinator tree panel (also F2)"
        }
    }
}

/// What the full screen says about itself, written once: its status line of keys, what `help` adds to the
/// command language's help, and the words Tab completes.
@MainActor
enum FullScreenHelp {
    /// The keys, as the status line shows them.
    static let keysHint =
        "Enter run · Tab complete · ↑↓ history · PgUp/PgDn scroll · F2 tree · ^D quit"

    /// What `help` adds on the full screen: its own commands and its keys.
    static var terminalHelp: String {
        let keys =
            "Keys: ←/→ move, Ctrl-←/→ or Alt-b/f by word, Home/End (Ctrl-A/E), Backspace/Delete, Ctrl-U/Ctrl-K "
            + "delete to start/end, Ctrl-W delete a word, ↑/↓ history, Tab complete, PgUp/PgDn scroll, F2 tree panel, "
            + "Esc clear messages, Ctrl-L redraw, Ctrl-C or Ctrl-D (empty line) quit"
        let commands = TerminalCommand.allCases.flatMap { command in
            CommandSession.wrapped(command.meaning, first: "  \(command.rawValue)  ", rest: "    ")
        }
        return (commands + CommandSession.wrapped(keys, first: "", rest: "  ")).joined(separator: "\n") + "\n"
    }

    /// What `help` adds where the terminal reports the mouse: what a click and a drag do.
    static var pointerHelp: String {
        let pointer =
            "Pointer: click an action, a row, a segment or a tab to tap it; click a field to type `set <field> ` "
            + "(a secure field asks at the hidden prompt); click ‹ back to go back; the wheel scrolls. Drag from a "
            + "pushed screen's left edge to the right to swipe back, or a sheet's top border down to swipe it down: "
            + "let go at half way or more and it finishes, before and it cancels, as release does"
        return CommandSession.wrapped(pointer, first: "", rest: "  ").joined(separator: "\n") + "\n"
    }

    /// The deep links Tab completes, from the app's `patterns`: a post's link stops where its id goes.
    static func links(_ patterns: [String]) -> [String] {
        patterns.map { $0.replacingOccurrences(of: "<id>", with: "") }
    }

    /// Every command word: those of ``Command/summary`` and the full screen's own.
    static var commandWords: [String] {
        Command.summary.compactMap { entry in
            entry.usage.hasPrefix("<") ? nil : entry.usage.split(separator: " ").first.map(String.init)
        } + TerminalCommand.allCases.map(\.rawValue)
    }
}
