import AppInterface
import AppStandIn
import Core
import Glibc
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite(
    "Ctrl-Z: suspended as a shell's job, drawn again when continued; refused, saying why, where no shell would continue it"
)
@MainActor
struct SuspendKeyTests {
    /// Runs the full screen over the stand-in home screen on `terminal`; its exit code.
    private static func run(on terminal: ScriptedTerminal) async throws -> Int32 {
        let session = try StandInSession(showing: StandIn.home())
        _ = session.start(restores: false, initialLink: nil)
        let fullScreen = FullScreenSession(
            session: session, terminal: terminal, history: CommandHistory(directory: nil))
        return await fullScreen.run(linkFailure: nil, errorOutput: CapturedOutput())
    }

    @Test("Ctrl-Z suspends wherever the keys go, as it does nothing else in any of them")
    func ctrlZSuspendsInEveryMode() {
        for mode in [KeyDispatch.Mode.browsing, .typing, .commandLine] {
            #expect(KeyDispatch.command(for: .suspend, in: mode) == .suspend)
        }
        #expect(KeyDispatch.actsUnseen(.suspend), "it works while the terminal is too small to draw the screen")
    }

    @Test("Continued, the app draws everything again on a cleared terminal, and the keys work as before")
    func continuedAppDrawsAgain() async throws {
        let terminal = ScriptedTerminal(keys: [.suspend, .character("?")])
        let status = try await Self.run(on: terminal)

        #expect(terminal.suspensions == 1)
        #expect(terminal.clearedFrames == 1, "the whole screen is drawn again over what the shell showed")
        #expect(terminal.screen.contains { $0.contains("Tab/Shift-Tab move between fields") }, "? still shows the keys")
        #expect(status == 128 + SIGTERM, "the app went on running until the signal")
    }

    @Test("Where it cannot be suspended, Ctrl-Z does nothing but say why on the status line, until the next key")
    func refusedSuspendSaysWhy() async throws {
        let terminal = ScriptedTerminal(keys: [.suspend], size: TerminalSize(columns: 120, rows: 24))
        terminal.suspendRefusal = JobControl.noShellRefusal
        let status = try await Self.run(on: terminal)

        #expect(terminal.suspensions == 0)
        #expect(terminal.clearedFrames == 0)
        #expect(terminal.screen.contains { $0.contains(JobControl.noShellRefusal) })
        #expect(status == 128 + SIGTERM, "the app goes on")

        let next = ScriptedTerminal(keys: [.suspend, .down], size: TerminalSize(columns: 120, rows: 24))
        next.suspendRefusal = JobControl.noShellRefusal
        _ = try await Self.run(on: next)
        #expect(!next.screen.contains { $0.contains(JobControl.noShellRefusal) }, "the next key clears it")
    }

    @Test("Only a job in a group of its own that owns the terminal is suspended: a shell with job control made it")
    func jobControlRule() {
        #expect(JobControl.refusal(group: 200, foregroundGroup: 200, sessionLeader: 100) == nil, "a shell's job")
        #expect(
            JobControl.refusal(group: 100, foregroundGroup: 100, sessionLeader: 100) == JobControl.noShellRefusal,
            "in the session leader's group: the pane's only process, or a command of a shell without job control")
        #expect(
            JobControl.refusal(group: 200, foregroundGroup: 300, sessionLeader: 100)
                == JobControl.notForegroundRefusal, "a job in the background")
        #expect(
            JobControl.refusal(group: 200, foregroundGroup: -1, sessionLeader: 100) == JobControl.notForegroundRefusal,
            "standard input is no terminal")
    }
}
