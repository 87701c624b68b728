import ExecutableTesting
import Foundation
import Synchronization
package import Testing

/// A real terminal: a detached tmux session running a built executable as a person would (the `app` for the
/// end-to-end tests, the terminal's stand-in for the terminal's own), driven by keys and read back as the screen
/// shows it. The sessions of the test process share one tmux server and reach it
/// through its one control-mode client (``TmuxServer``), so a session costs no tmux process of its own.
///
/// A wait for the screen (or the terminal's modes, or the app's end) looks, and then sleeps until the terminal has
/// had output since that look before it looks again: tmux tells the control client of every output of the panes of
/// its session, and the session's window is linked into that session for it. A test so reads a screen within
/// moments of its drawing, and a terminal that draws nothing costs nothing to watch.
///
/// The pane runs a shell that records the terminal's settings (`stty -g`) before and after the app, its exit status
/// and what was typed but left unread when it ended (what the shell would have read next: what the terminal holds
/// then, read without waiting, as every key is delivered before a command returns), so a test can prove the
/// terminal was given back exactly.
package final class TmuxSession {
    /// Where tmux is, or `nil` when it is not installed (the tests that need it are then skipped, saying why).
    package static let executable: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether tmux is installed.
    package static var isAvailable: Bool { executable != nil }

    /// The time every app in a terminal runs at (`APP_NOW`), so relative times read the same in every run.
    package static let now = "2026-01-01T12:00:00Z"

    private let server: TmuxServer
    /// The session's name on the shared server, which is also where its keys go.
    private let name = "app-\(UUID().uuidString.prefix(8))"
    /// The session's one pane's id (`%3`): what tmux names the output it notifies the control client of.
    private let pane: String
    package let folder: String

    /// Starts `app` with `arguments` in a terminal of `columns`×`rows`, with `environment` added to a UTF-8 locale
    /// and a fixed clock (`NO_COLOR`, which the test runner may set, is removed unless `environment` sets it).
    /// Transitions show at once (`--no-animation`) unless `animates`, so a test reads screens that have landed.
    /// `keepsDataInFolder` gives the app a data folder inside ``folder``, gone with the session.
    package init(
        app: String, arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
        animates: Bool = false, keepsDataInFolder: Bool = false
    )
        throws
    {
        server = try TmuxServer.shared()
        folder = ScratchSpace.directory.appendingPathComponent("tmux-\(name)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var variables = ["LANG": "C.UTF-8", "APP_NOW": Self.now, "HOME": "/nonexistent-home-for-tests"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }
        var shown = animates ? arguments : arguments + ["--no-animation"]
        if keepsDataInFolder {
            let dataFolder = Self.dataFolder(in: folder)
            try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
            shown += ["--data-dir", dataFolder]
        }
        let command = ([Self.quoted(app)] + shown.map(Self.quoted)).joined(separator: " ")
        // The status is written last, once the rest is in place; ``ending(seconds:)`` waits for a whole one.
        let script = """
            stty -g > \(folder)/before; unset NO_COLOR; \(assignments.joined(separator: " ")) \(command); \
            status=$?; stty -g > \(folder)/after; \
            stty -icanon min 0 time 0; dd bs=4096 count=1 of=\(folder)/pending 2>/dev/null; \
            echo $status > \(folder)/status; echo EXITED; exec sleep 60
            """
        pane = try server.run(
            [
                "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", "-P", "-F", "#{pane_id}", "sh",
                "-c", script,
            ]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        // tmux tells a control client of the output of the panes of its own session only: the window is linked
        // into it too, without being selected there. Its size stays the session's: a control client that never
        // gave its size counts for no window's. What the app printed before the link is on the screen, looked at
        // first by every wait.
        try server.run(["link-window", "-d", "-s", name + ":", "-t", TmuxServer.holder + ":"])
    }

    deinit {
        _ = try? run(["kill-window", "-t", name + ":"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends tmux key names (`Enter`, `Left`, `C-u`, `NPage`…).
    package func press(_ keys: String...) throws {
        try deliver(["send-keys", "-t", name] + keys)
    }

    /// Types `text` literally.
    package func type(_ text: String) throws {
        try deliver(["send-keys", "-t", name, "-l", text])
    }

    /// Types `line` and presses Enter, as a person runs a command.
    package func enter(_ line: String) throws {
        try type(line)
        try press("Enter")
    }

    /// Opens the full screen's command line with `:`, types `line` and presses Enter: a command run from the screen
    /// (not from a field, where `:` is typed).
    package func command(_ line: String) throws {
        try type(":" + line)
        try press("Enter")
    }

    /// Pastes `text` as a person pastes into the terminal: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the app
    /// asked for it, as plain typing otherwise.
    package func paste(_ text: String) throws {
        // Buffers belong to the server, which other sessions share: this one's has a name of its own.
        let buffer = "paste-\(UUID().uuidString)"
        let file = folder + "/" + buffer
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try run(["load-buffer", "-b", buffer, file])
        try deliver(["paste-buffer", "-p", "-d", "-b", buffer, "-t", name])
    }

    /// Ends the session and so closes the terminal under the app, as closing its window does: its window, linked
    /// into the control client's session as well, is killed in both, and the session without a window ends.
    package func closeTerminal() throws {
        try run(["kill-window", "-t", name + ":"])
    }

    /// Sends the mouse report a terminal in xterm's SGR mode sends for `button` (0 the first button, 32 added while
    /// it moves held, 64 and 65 the wheel) at `row` and `column`, counted from 0: `ESC [ < b ; x ; y M`, or `m`
    /// when the button comes up.
    package func mouse(_ button: Int, row: Int, column: Int, released: Bool = false) throws {
        try type("\u{1B}[<\(button);\(column + 1);\(row + 1)\(released ? "m" : "M")")
    }

    /// Sends `bytes` to the app as the terminal would, byte for byte, whatever they are: a mouse report in the older
    /// encoding may hold any byte, and typed text ending in `;` would end tmux's command instead.
    package func send(bytes: [UInt8]) throws {
        try deliver(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// The mouse report a terminal in the older (X10, "normal") encoding sends for `button` (0 the first, 3 a
    /// release, 32 added while it moves held) at `row` and `column`, counted from 0: `ESC [ M` and three bytes,
    /// each offset by 32.
    package static func x10Report(_ button: Int, row: Int, column: Int) -> [UInt8] {
        [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + button), UInt8(33 + column), UInt8(33 + row)]
    }

    /// A click: the first button pressed and released at `row` and `column`.
    package func click(row: Int, column: Int) throws {
        try mouse(0, row: row, column: column)
        try mouse(0, row: row, column: column, released: true)
    }

    /// The first button pressed at `from`, moved held through `through`, and not let go.
    package func drag(row: Int, from column: Int, through columns: [Int]) throws {
        try mouse(0, row: row, column: column)
        for next in columns { try mouse(32, row: row, column: next) }
    }

    /// Whether the app has asked the terminal to report the mouse, and whether motion with a button held too.
    package func mouseReporting() throws -> (any: Bool, drags: Bool) {
        let flags = try run(["display", "-p", "-t", name, "#{mouse_any_flag} #{mouse_button_flag}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }
        return (flags.first ?? false, flags.dropFirst().first ?? false)
    }

    /// Waits until the terminal's mouse reporting is `expected` (any events, and drags), for at most `seconds`;
    /// whether it came to be. The app asks for drags just after a frame, and gives the mouse back just before it
    /// ends, so what the terminal reports lags a screen or an exit by a moment; the app asks by printing, so the
    /// wait looks again when the terminal has had output.
    package func mouseReportingBecomes(_ expected: (any: Bool, drags: Bool), seconds: Double = 5) async -> Bool {
        await waitUntil(seconds: seconds) { (try? mouseReporting()).map { $0 == expected } ?? false }
    }

    /// The screen's rows as text; with `escapes`, with the colour and attribute sequences.
    package func screen(escapes: Bool = false) throws -> [String] {
        try run(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : [])).components(separatedBy: "\n")
    }

    /// Every row the pane has shown and kept: its history (what scrolled off the top), then the screen.
    package func screenAndHistory() throws -> [String] {
        try run(["capture-pane", "-p", "-S", "-", "-t", name]).components(separatedBy: "\n")
    }

    /// Whether the alternate screen is on.
    package func isAlternateScreenOn() throws -> Bool {
        try run(["display", "-p", "-t", name, "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            == "1"
    }

    /// The terminal's modes as tmux tracks them: the alternate screen, the cursor shown, keypad (application
    /// keys) mode and application cursor keys, each `1` when on.
    package func modes() throws -> (alternateScreen: Bool, cursorShown: Bool, keypad: Bool, cursorKeys: Bool) {
        let flags = try run(
            ["display", "-p", "-t", name, "#{alternate_on} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag}"]
        ).split(whereSeparator: \.isWhitespace).map { $0 == "1" }
        guard flags.count == 4 else { throw Failure(description: "tmux did not report the modes") }
        return (flags[0], flags[1], flags[2], flags[3])
    }

    /// What was typed but not read when the app ended, as the shell would have read it next (after ``ending(seconds:)``).
    package func pendingInput() -> String {
        (try? String(contentsOfFile: folder + "/pending", encoding: .utf8)) ?? ""
    }

    /// Resizes the terminal.
    package func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The app's process id (the pane's shell's child).
    package func appProcessID() throws -> Int32? {
        let shell = try run(["display", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Waits until `condition` holds for the screen, looking again each time the terminal has had output (or
    /// after ``lookAgainAtLeast`` without any), for at most `seconds`, without holding a thread meanwhile (so many
    /// terminals are watched at once); records an issue with the last screen when it never holds. A screen that
    /// holds counts once the terminal has had no output for a moment after it (``frameQuiet``): the frame it
    /// belongs to has then arrived whole.
    @discardableResult
    package func waitFor(
        _ description: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        try await watch(description, seconds: seconds, settles: false, sourceLocation: sourceLocation, condition)
    }

    /// Waits until the screen shows `text` and has stopped changing (the terminal had no output for
    /// ``settledQuiet`` after a look that showed it, and a second look agrees), for a test that then compares the
    /// whole screen with a later one: a screen read while it is still being redrawn is half old.
    @discardableResult
    package func waitForSettled(
        _ text: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String] {
        try await watch("'\(text)', settled", seconds: seconds, settles: true, sourceLocation: sourceLocation) {
            $0.contains { $0.contains(text) }
        }
    }

    /// How long a wait sleeps at most when the terminal has no output: what it waits for may change without any
    /// (a file the shell writes, a mode tmux tracks), and a look costs little.
    static let lookAgainAtLeast = 0.05

    /// How long the terminal must have had no output after a look that showed what is waited for, for the look
    /// to count: a frame reaches the terminal in pieces, a row or a few at a time, up to a few milliseconds apart
    /// (more on a busy machine), and a look between two pieces shows a screen half old and half new, which can show
    /// the text waited for above rows still to be redrawn. The app answers most keys within a few milliseconds, so
    /// the moment is kept short.
    static let frameQuiet = 0.005

    /// How long the terminal must have had no output for a screen to count as settled: long enough that a busy
    /// machine holding the app between two pieces of a frame is not taken for the frame's end.
    static let settledQuiet = 0.05

    /// How long a screen that keeps changing may show what is waited for before a wait (not a settled one) takes
    /// it anyway: a terminal drawing an animation has no quiet moment to wait for.
    static let changingScreenLimit = 0.1

    /// Looks at the screen until `condition` holds, each time the terminal has had output since the look before
    /// (or ``lookAgainAtLeast`` passed), and returns the first screen that holds after a look that held and a
    /// quiet moment (``frameQuiet``, or ``settledQuiet`` and the same screen again with `settles`), or that has
    /// held for ``changingScreenLimit`` without one (not with `settles`). A screen that holds once `seconds` have
    /// passed is taken without its quiet moment: a machine busy enough to hold the test that long is not the app
    /// failing to draw it.
    private func watch(
        _ description: String, seconds: Double, settles: Bool, sourceLocation: SourceLocation,
        _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        let quiet = settles ? Self.settledQuiet : Self.frameQuiet
        // The count is taken before the look: output after it wakes the next wait, even output the look saw.
        var seen = server.outputCount(of: pane)
        var lines = try screen()
        // When the looks began to hold, one after another.
        var holdingSince: Date?
        // The look before this one, when it held and the terminal then had no output for the quiet moment.
        var lookBeforeQuiet: [String]?
        while true {
            let pause: Double
            if condition(lines) {
                let since = holdingSince ?? Date()
                holdingSince = since
                if let lookBeforeQuiet, !settles || lookBeforeQuiet == lines { return lines }
                if !settles, -since.timeIntervalSinceNow >= Self.changingScreenLimit { return lines }
                if deadline.timeIntervalSinceNow <= 0 { return lines }
                pause = quiet
            } else {
                holdingSince = nil
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else {
                    Issue.record(
                        "never saw: \(description)\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
                    return lines
                }
                pause = min(Self.lookAgainAtLeast, remaining)
            }
            await server.waitForOutput(of: pane, past: seen, atMost: pause)
            let now = server.outputCount(of: pane)
            // Output during the quiet moment: the screen may still be changing, and the look after it starts another.
            lookBeforeQuiet = holdingSince != nil && now == seen ? lines : nil
            seen = now
            lines = try screen()
        }
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    package func waitFor(
        _ text: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws
        -> [String]
    {
        try await waitFor("'\(text)'", seconds: seconds, sourceLocation: sourceLocation) {
            $0.contains { $0.contains(text) }
        }
    }

    /// The app's exit status once it has ended (waiting at most `seconds`), and the terminal settings from before
    /// and after it.
    package func ending(seconds: Double = 5) async -> (status: Int32?, before: String, after: String) {
        let read = { (name: String) in
            (try? String(contentsOfFile: self.folder + "/" + name, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        // The shell writes the status once the settings and the unread input are in place; a file that is there
        // but holds no number yet is being written. It prints a line just after, which wakes the wait.
        await waitUntil(seconds: seconds) { Int32(read("status")) != nil }
        return (Int32(read("status")), read("before"), read("after"))
    }

    /// Waits until `condition` holds, looking again each time the terminal has had output (or after
    /// ``lookAgainAtLeast`` without any), for at most `seconds`; whether it held.
    @discardableResult
    private func waitUntil(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var seen = server.outputCount(of: pane)
        while !condition() {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            await server.waitForOutput(of: pane, past: seen, atMost: min(Self.lookAgainAtLeast, remaining))
            seen = server.outputCount(of: pane)
        }
        return true
    }

    /// Waits until `condition` holds, looking again soon, then every 50 ms at most, for at most `seconds`;
    /// whether it held: for what no terminal's output announces, such as a process's end.
    @discardableResult
    package static func waitUntil(seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var looks = 0
        while !condition() {
            guard Date() < deadline else { return false }
            await lookAgainLater(after: looks)
            looks += 1
        }
        return true
    }

    /// Returns after a pause that grows with the looks already taken (5, 10, 20, 40, then 50 ms), holding no
    /// thread meanwhile: the app answers most keys within a few milliseconds, so the first looks come soon, and a
    /// slow answer is not watched for by redrawing the pane's text every few milliseconds.
    private static func lookAgainLater(after looks: Int) async {
        let pause = min(0.05, 0.005 * Double(1 << min(looks, 4)))
        await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + pause) { resume.resume() }
        }
    }

    /// Runs `command`, which writes to the pane, then one more command: tmux writes to the pane on its next turn,
    /// so once the second is answered the bytes are in the terminal, where the app reads them (or a signal's
    /// flush discards them), as a person's keys are.
    private func deliver(_ command: [String]) throws {
        try run(command)
        try run(["display-message", "-p", ""])
    }

    /// Runs the tmux command `arguments` on the shared server and returns what it printed.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        try server.run(arguments)
    }

    /// The attributes tmux is spawned with: no signal blocked, every handler the default. The server that its first
    /// client starts inherits both, and it needs its signals to serve clients.
    static func spawnAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return attributes
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }
}

/// The one tmux server the test process's terminals run on, reached through one control-mode client: a session
/// then costs no tmux process (a server of its own costs two, a client for its start and the server, and a third for
/// its control client).
///
/// The client starts the server with a session of its own, which holds the server up between terminals, and tells
/// the server to end once the client is gone: when the test process ends, however it ends, its end of the client's
/// socket closes, the client leaves, and the server ends with every session still there, and their apps, removing
/// its socket file first.
/// Commands from concurrent tests take turns.
final class TmuxServer: @unchecked Sendable {
    private let client: TmuxControlClient
    /// Serializes the commands: one is answered before the next is written.
    private let lock = NSLock()

    private static let current = Mutex<TmuxServer?>(nil)

    /// The control client's session, which every terminal's window is linked into too, so the client is told of
    /// their output.
    static let holder = "holder"

    private init(tmux: String) throws {
        let socket = "app-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        client = try TmuxControlClient(
            tmux: tmux, socket: socket, first: ["new-session", "-s", Self.holder, "-x", "80", "-y", "24", "cat"])
        // The server leaves no socket file behind when it ends (tmux keeps it otherwise): it removes it first.
        _ = try client.run(["set-hook", "-g", "client-detached", "run-shell 'rm -f #{socket_path}' ; kill-server"])
    }

    /// The server, started by the first terminal that asks, or again when the last one ended.
    static func shared() throws -> TmuxServer {
        guard let tmux = TmuxSession.executable else { throw TmuxSession.Failure(description: "tmux is not installed") }
        return try current.withLock { server in
            if let running = server, !running.lock.withLock({ running.client.hasEnded }) { return running }
            let started = try TmuxServer(tmux: tmux)
            server = started
            return started
        }
    }

    /// Runs the tmux command `arguments` and returns what it printed.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        try lock.withLock { try client.run(arguments) }
    }

    /// How many times the pane `pane` has had output (see ``TmuxControlClient/outputCount(of:)``).
    func outputCount(of pane: String) -> UInt64 {
        client.outputCount(of: pane)
    }

    /// Returns once the pane `pane` has had output past `seen`, or after `seconds` (see
    /// ``TmuxControlClient/waitForOutput(of:past:atMost:)``).
    func waitForOutput(of pane: String, past seen: UInt64, atMost seconds: Double) async {
        await client.waitForOutput(of: pane, past: seen, atMost: seconds)
    }
}

extension TmuxSession {
    /// Sends `signalNumber` to the app and checks how it ended: by that signal (status 128 plus its number), with
    /// the terminal's settings as before it started and nothing of `secret` left for the shell to read.
    package func expectEnded(
        by signalNumber: Int32, leavingUnread secret: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        // tmux has written the keys to the terminal before the signal is sent: whether or not the app has read them
        // yet, none may reach the shell.
        let app = try #require(try appProcessID(), sourceLocation: sourceLocation)
        kill(app, signalNumber)
        // SIGQUIT may write a core dump first: give it time.
        let ending = await ending(seconds: 20)
        #expect(ending.status == 128 + signalNumber, sourceLocation: sourceLocation)
        #expect(ending.before == ending.after, "echo and line mode are back", sourceLocation: sourceLocation)
        #expect(
            !pendingInput().contains(secret), "the typed secret never reaches the shell", sourceLocation: sourceLocation
        )
    }

    /// The terminal without the app (the `TerminalStandIn` executable: a tab bar whose first tab is a screen with an
    /// email field, a secure password field and a Log in button) started with `arguments` in a terminal of
    /// `columns`×`rows`, its data folder `dataDirectory`, or one of its own.
    package static func standIn(
        arguments: [String] = [], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
        dataDirectory: String? = nil
    ) throws -> TmuxSession {
        try TmuxSession(
            app: BuiltExecutable.path("TerminalStandIn"),
            arguments: arguments + (dataDirectory.map { ["--data-dir", $0] } ?? []), columns: columns, rows: rows,
            environment: environment, keepsDataInFolder: dataDirectory == nil)
    }

    /// The data folder the app of this session was given inside ``folder`` (see `keepsDataInFolder`).
    package var dataFolder: String { Self.dataFolder(in: folder) }

    private static func dataFolder(in folder: String) -> String { folder + "/data" }
}
