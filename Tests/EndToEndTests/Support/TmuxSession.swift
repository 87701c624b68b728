import AppTesting
import Foundation
import Testing

/// A real terminal for end-to-end tests: a detached tmux session on its own server, running the built `app` as a
/// person would, driven by keys and read back as the screen shows it. Every command after the start goes through
/// one control-mode client (``TmuxControlClient``) rather than a tmux process of its own.
///
/// The pane runs a shell that records the terminal's settings (`stty -g`) before and after the app, its exit status
/// and what was typed but left unread when it ended (what the shell would have read next: what the terminal holds
/// then, read without waiting, as every key is delivered before a command returns), so a test can prove the
/// terminal was given back exactly.
final class TmuxSession {
    /// Where tmux is, or `nil` when it is not installed (the tests that need it are then skipped, saying why).
    static let executable: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether tmux is installed.
    static var isAvailable: Bool { executable != nil }

    private let tmux: String
    private let socket = "app-test-\(UUID().uuidString.prefix(8))"
    let folder: String

    /// Starts `app` with `arguments` in a terminal of `columns`×`rows`, with `environment` added to a UTF-8 locale
    /// and a fixed clock (`NO_COLOR`, which the test runner may set, is removed unless `environment` sets it).
    /// Transitions show at once (`--no-animation`) unless `animates`, so a test reads screens that have landed.
    init(
        app: String, arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
        animates: Bool = false
    )
        throws
    {
        guard let tmux = Self.executable else { throw Failure(description: "tmux is not installed") }
        self.tmux = tmux
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(socket)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var variables = ["LANG": "C.UTF-8", "APP_NOW": AppHarness.now, "HOME": "/nonexistent-home-for-tests"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }
        let shown = animates ? arguments : arguments + ["--no-animation"]
        let command = ([Self.quoted(app)] + shown.map(Self.quoted)).joined(separator: " ")
        let script = """
            stty -g > \(folder)/before; env -u NO_COLOR \(assignments.joined(separator: " ")) \(command); \
            echo $? > \(folder)/status.tmp; stty -g > \(folder)/after; \
            stty -icanon min 0 time 0; dd bs=4096 count=1 of=\(folder)/pending 2>/dev/null; \
            stty "$(cat \(folder)/after)"; mv \(folder)/status.tmp \(folder)/status; \
            echo EXITED; exec sleep 60
            """
        try spawn(["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", "sh", "-c", script])
        client = try TmuxControlClient(tmux: tmux, socket: socket, session: "main")
    }

    deinit {
        _ = try? run(["kill-server"])
        client = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The control-mode client every command after the start goes through.
    private var client: TmuxControlClient?

    /// Sends tmux key names (`Enter`, `Left`, `C-u`, `NPage`…).
    func press(_ keys: String...) throws {
        try deliver(["send-keys", "-t", "main"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try deliver(["send-keys", "-t", "main", "-l", text])
    }

    /// Types `line` and presses Enter, as a person runs a command.
    func enter(_ line: String) throws {
        try type(line)
        try press("Enter")
    }

    /// Opens the full screen's command line with `:`, types `line` and presses Enter: a command run from the screen
    /// (not from a field, where `:` is typed).
    func command(_ line: String) throws {
        try type(":" + line)
        try press("Enter")
    }

    /// Pastes `text` as a person pastes into the terminal: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the app
    /// asked for it, as plain typing otherwise.
    func paste(_ text: String) throws {
        let file = folder + "/paste-\(UUID().uuidString)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try run(["load-buffer", "-b", "paste", file])
        try deliver(["paste-buffer", "-p", "-d", "-b", "paste", "-t", "main"])
    }

    /// Ends the tmux server and so closes the terminal under the app, as closing its window does.
    func closeTerminal() throws {
        try run(["kill-server"])
    }

    /// Sends the mouse report a terminal in xterm's SGR mode sends for `button` (0 the first button, 32 added while
    /// it moves held, 64 and 65 the wheel) at `row` and `column`, counted from 0: `ESC [ < b ; x ; y M`, or `m`
    /// when the button comes up.
    func mouse(_ button: Int, row: Int, column: Int, released: Bool = false) throws {
        try type("\u{1B}[<\(button);\(column + 1);\(row + 1)\(released ? "m" : "M")")
    }

    /// Sends `bytes` to the app as the terminal would, byte for byte, whatever they are: a mouse report in the older
    /// encoding may hold any byte, and typed text ending in `;` would end tmux's command instead.
    func send(bytes: [UInt8]) throws {
        try deliver(["send-keys", "-t", "main", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// The mouse report a terminal in the older (X10, "normal") encoding sends for `button` (0 the first, 3 a
    /// release, 32 added while it moves held) at `row` and `column`, counted from 0: `ESC [ M` and three bytes,
    /// each offset by 32.
    static func x10Report(_ button: Int, row: Int, column: Int) -> [UInt8] {
        [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + button), UInt8(33 + column), UInt8(33 + row)]
    }

    /// A click: the first button pressed and released at `row` and `column`.
    func click(row: Int, column: Int) throws {
        try mouse(0, row: row, column: column)
        try mouse(0, row: row, column: column, released: true)
    }

    /// The first button pressed at `from`, moved held through `through`, and not let go.
    func drag(row: Int, from column: Int, through columns: [Int]) throws {
        try mouse(0, row: row, column: column)
        for next in columns { try mouse(32, row: row, column: next) }
    }

    /// Whether the app has asked the terminal to report the mouse, and whether motion with a button held too.
    func mouseReporting() throws -> (any: Bool, drags: Bool) {
        let flags = try run(["display", "-p", "-t", "main", "#{mouse_any_flag} #{mouse_button_flag}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "1" }
        return (flags.first ?? false, flags.dropFirst().first ?? false)
    }

    /// The screen's rows as text; with `escapes`, with the colour and attribute sequences.
    func screen(escapes: Bool = false) throws -> [String] {
        try run(["capture-pane", "-p", "-t", "main"] + (escapes ? ["-e"] : [])).components(separatedBy: "\n")
    }

    /// Every row the pane has shown and kept: its history (what scrolled off the top), then the screen.
    func screenAndHistory() throws -> [String] {
        try run(["capture-pane", "-p", "-S", "-", "-t", "main"]).components(separatedBy: "\n")
    }

    /// Whether the alternate screen is on.
    func isAlternateScreenOn() throws -> Bool {
        try run(["display", "-p", "-t", "main", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            == "1"
    }

    /// The terminal's modes as tmux tracks them: the alternate screen, the cursor shown, keypad (application
    /// keys) mode and application cursor keys, each `1` when on.
    func modes() throws -> (alternateScreen: Bool, cursorShown: Bool, keypad: Bool, cursorKeys: Bool) {
        let flags = try run(
            ["display", "-p", "-t", "main", "#{alternate_on} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag}"]
        ).split(whereSeparator: \.isWhitespace).map { $0 == "1" }
        guard flags.count == 4 else { throw Failure(description: "tmux did not report the modes") }
        return (flags[0], flags[1], flags[2], flags[3])
    }

    /// What was typed but not read when the app ended, as the shell would have read it next (after ``ending(seconds:)``).
    func pendingInput() -> String {
        (try? String(contentsOfFile: folder + "/pending", encoding: .utf8)) ?? ""
    }

    /// Resizes the terminal.
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The app's process id (the pane's shell's child).
    func appProcessID() throws -> Int32? {
        let shell = try run(["display", "-p", "-t", "main", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Waits until `condition` holds for the screen, looking again soon, then less often (every 50 ms at most),
    /// for at most `seconds`, without holding a thread meanwhile (so many terminals are watched at once); records
    /// an issue with the last screen when it never holds.
    @discardableResult
    func waitFor(
        _ description: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        try await watch(description, seconds: seconds, steady: false, sourceLocation: sourceLocation, condition)
    }

    /// Waits until the screen shows `text` and has stopped changing (two looks 50 ms apart agree), for a test that
    /// then compares the whole screen with a later one: a screen read while it is still being redrawn is half old.
    @discardableResult
    func waitForSettled(
        _ text: String, seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String] {
        var previous: [String] = []
        return try await watch("'\(text)', settled", seconds: seconds, steady: true, sourceLocation: sourceLocation) {
            lines in
            defer { previous = lines }
            return lines == previous && lines.contains { $0.contains(text) }
        }
    }

    /// Looks at the screen until `condition` holds: every 50 ms when `steady`, else soon, then less often.
    private func watch(
        _ description: String, seconds: Double, steady: Bool, sourceLocation: SourceLocation,
        _ condition: ([String]) -> Bool
    ) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var lines = try screen()
        var looks = 0
        while !condition(lines) {
            guard Date() < deadline else {
                Issue.record(
                    "never saw: \(description)\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
                return lines
            }
            await Self.lookAgainLater(after: steady ? .max : looks)
            looks += 1
            lines = try screen()
        }
        return lines
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    func waitFor(
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
    func ending(seconds: Double = 5) async -> (status: Int32?, before: String, after: String) {
        await Self.waitUntil(seconds: seconds) { FileManager.default.fileExists(atPath: self.folder + "/status") }
        let read = { (name: String) in
            (try? String(contentsOfFile: self.folder + "/" + name, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        return (Int32(read("status")), read("before"), read("after"))
    }

    /// Waits until `condition` holds, looking again soon, then every 50 ms at most, for at most `seconds`;
    /// whether it held.
    @discardableResult
    static func waitUntil(seconds: Double, _ condition: () -> Bool) async -> Bool {
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

    /// Runs the tmux command `arguments` through the session's control-mode client and returns what it printed.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        guard let client else { return try spawn(arguments) }
        return try client.run(arguments)
    }

    /// The attributes tmux is spawned with: no signal blocked, every handler the default.
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

    /// Runs a tmux client of its own with `arguments` and returns what it printed: how the server is started.
    ///
    /// Spawned directly with a clean signal mask and default handlers: the tmux server that `new-session` starts
    /// inherits both, and it needs its signals to serve clients. Its output goes to a file, never to a pipe the
    /// server would keep open.
    @discardableResult
    private func spawn(_ arguments: [String]) throws -> String {
        let outputPath = folder + "/tmux-output-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = Self.spawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = ([tmux, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, tmux, &actions, &attributes, argv, environ)
        guard result == 0 else { throw Failure(description: "cannot run tmux: error \(result)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
