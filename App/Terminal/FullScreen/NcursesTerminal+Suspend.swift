import CNcurses
import Glibc

/// Ctrl-Z at a real terminal: the app stops as a shell's job, and takes the terminal over again when continued.
extension NcursesTerminal {
    /// Gives the terminal back as leaving does (the normal screen, the person's modes, the cursor, mouse reporting
    /// and bracketed paste off, what was typed but not read dropped), stops the process group as the terminal's
    /// Ctrl-Z would, and once the shell continues it (`fg`) takes the terminal over again: the next draw brings back
    /// the app's modes, the alternate screen and the mouse. Where no shell with job control would take the
    /// terminal back (``JobControl/refusal(terminal:)``), does nothing and says why.
    func suspend() -> String? {
        if let refusal = JobControl.refusal(terminal: STDIN_FILENO) { return refusal }
        writeToTerminal(BracketedPaste.off)
        if reportsPointer { writeToTerminal(Self.dragReportingOff) }
        UnreadInput.discard(from: STDIN_FILENO, limit: .milliseconds(200))
        werase(window)
        wrefresh(window)
        endwin()
        // The default action, whatever the process was started with: stop. The kernel discards it for a process
        // group no shell watches any more (an orphaned one), and the app then simply goes on.
        signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        // Continued: the next refresh takes the terminal over again; the app's own requests follow it.
        awaitsDragReporting = reportsPointer
        awaitsPasteBrackets = true
        return nil
    }
}

/// Whether Ctrl-Z may stop the app: only where a shell with job control started it, since that shell takes the
/// terminal back when the app stops and continues it on `fg`. Stopped anywhere else, the app would leave the
/// terminal to no one, and the person stuck.
///
/// The rule: the app's process group owns the terminal (it is the foreground group), and is not the group of the
/// session's leader. A shell with job control starts each job in a process group of its own; a process started
/// without one (the only process of a tmux pane, a command of `sh -c` without `set -m`, a service) runs in the
/// group of its session's leader, which is the app itself or a shell that cannot continue it.
enum JobControl {
    /// What the status line says when Ctrl-Z cannot suspend the app.
    static let noShellRefusal = "Ctrl-Z: not started as a job of a shell with job control, so nothing could continue it"
    /// What the status line says when the app does not own its terminal.
    static let notForegroundRefusal = "Ctrl-Z: the app is not the terminal's foreground job, so it is not suspended"

    /// Why the app, on the terminal of `descriptor`, cannot be suspended; `nil` when it can.
    static func refusal(terminal descriptor: Int32) -> String? {
        refusal(group: getpgrp(), foregroundGroup: tcgetpgrp(descriptor), sessionLeader: getsid(0))
    }

    /// Why a process in process group `group` cannot be suspended, where the terminal's foreground group is
    /// `foregroundGroup` (-1 when it is not a terminal) and the session's leader is `sessionLeader`; `nil` when
    /// it can.
    static func refusal(group: pid_t, foregroundGroup: pid_t, sessionLeader: pid_t) -> String? {
        guard foregroundGroup == group else { return notForegroundRefusal }
        guard group != sessionLeader else { return noShellRefusal }
        return nil
    }
}
