import Glibc

/// The signals that end the process when nothing handles them, and the one way the app gives the terminal back
/// on each of them.
///
/// The line mode changes the terminal only while a hidden prompt reads (echo off): ``guardHiddenPrompt(_:)``
/// covers that time. The full screen notes them for its key loop (``NcursesTerminal``), which closes the screen
/// on the main thread.
enum TerminationSignals {
    /// Every signal whose default action ends the process and that a person or the system sends to an
    /// interactive program: SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE and SIGALRM.
    static let all: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM]

    /// Until ``releaseHiddenPrompt()``, any of ``all`` discards what was typed but not yet read (so a secret never
    /// reaches the shell), restores `settings` (echo on) and then ends the process by that same signal, as it
    /// would have ended without the app's help. A signal the process ignores stays ignored.
    static func guardHiddenPrompt(_ settings: termios) {
        settingsBeforeHiddenPrompt = settings
        for signalNumber in all where !isIgnored(signalNumber) {
            signal(signalNumber) { received in
                tcflush(STDIN_FILENO, TCIFLUSH)
                tcsetattr(STDIN_FILENO, TCSANOW, &settingsBeforeHiddenPrompt)
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Gives every signal of ``all`` that ``guardHiddenPrompt(_:)`` took back its default action.
    static func releaseHiddenPrompt() {
        for signalNumber in all where !isIgnored(signalNumber) {
            signal(signalNumber, SIG_DFL)
        }
    }

    /// Whether the process ignores `signalNumber` (as `nohup` makes it ignore SIGHUP).
    static func isIgnored(_ signalNumber: Int32) -> Bool {
        var current = sigaction()
        sigaction(signalNumber, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
    }
}

/// The terminal settings from before echo was turned off, for the signal handler (a C function that can capture
/// nothing) to restore. Written only on the main thread before the handler is installed.
nonisolated(unsafe) private var settingsBeforeHiddenPrompt = termios()
