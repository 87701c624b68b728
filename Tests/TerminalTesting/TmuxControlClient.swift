import Foundation

/// One tmux client in control mode (`tmux -C`): each command is a line written to it, and its answer is what tmux
/// prints between that command's `%begin` and `%end` (or `%error`).
///
/// A test looks at the screen hundreds of times; a client spawned for each look costs a process start, about
/// 2 ms of CPU, where a line to this one costs a few microseconds. Its first command starts the server with a
/// session and attaches to it (see ``TmuxServer``).
final class TmuxControlClient {
    private let processID: pid_t
    /// This process's end of the socket pair that is the client's standard input and output: a socket, so that a
    /// command written after tmux ended fails instead of raising `SIGPIPE`.
    private let connection: Int32
    /// What was read from tmux; the bytes from ``consumed`` on are not consumed yet.
    private var pending: [UInt8] = []
    private var consumed = 0
    /// The buffer each read fills, made once.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// Whether tmux ended the client (after `kill-server`, or the session's end).
    private(set) var hasEnded = false

    /// How long an answer may take before the client gives up on it.
    static let answerTimeout: Int32 = 10_000

    /// Runs a control-mode client of the tmux server at `socket` (`tmux -L`) whose first command is `first`.
    init(tmux: String, socket: String, first: [String]) throws {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
            throw TmuxSession.Failure(description: "cannot make a socket pair for tmux")
        }
        // The end this process keeps is not inherited by tmux.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process's: the client and the server it starts live as long as the test process,
        // and a descriptor they kept open could be the end of a pipe or socket another test waits to see closed
        // (`Process` learns that its child ended when the child's end of a socket closes).
        guard let addCloseFrom = Self.addCloseFrom, addCloseFrom(&actions, 3) == 0 else {
            close(ends[0])
            close(ends[1])
            throw TmuxSession.Failure(description: "this C library cannot close descriptors at a spawn")
        }
        var attributes = TmuxSession.spawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let arguments = [tmux, "-L", socket, "-f", "/dev/null", "-C"] + first
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, tmux, &actions, &attributes, argv, environ)
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            throw TmuxSession.Failure(description: "cannot run tmux in control mode: error \(result)")
        }
        processID = pid
        connection = ends[0]
        // The first command's (empty) answer comes first.
        _ = try answer()
    }

    deinit {
        close(connection)
        if !hasEnded { kill(processID, SIGTERM) }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0, errno == EINTR {}
    }

    /// Runs the tmux command `arguments` and returns what it printed; throws what tmux reported as its error.
    /// After `kill-server`, tmux may end the client before it answers: then the answer is empty.
    func run(_ arguments: [String]) throws -> String {
        guard !hasEnded else { throw TmuxSession.Failure(description: "the tmux client has ended") }
        var line = Array((arguments.map(Self.quoted).joined(separator: " ") + "\n").utf8)
        var written = 0
        while written < line.count {
            let count = line.withUnsafeMutableBytes {
                send(connection, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                hasEnded = true
                if arguments.first == "kill-server" { return "" }
                throw TmuxSession.Failure(description: "tmux stopped reading commands")
            }
            written += count
        }
        do {
            return try answer()
        } catch {
            if hasEnded, arguments.first == "kill-server" { return "" }
            throw error
        }
    }

    /// Reads up to the next `%end` or `%error` and returns the lines after its `%begin`, each ended by a newline,
    /// as a spawned client would have printed them. Notifications between answers are skipped.
    private func answer() throws -> String {
        var inside: Substring?
        var lines: [String] = []
        while true {
            let text = try nextLine()
            if let begin = inside {
                if text.hasPrefix("%end ") || text.hasPrefix("%error "), Self.number(of: text) == begin {
                    let output = lines.map { $0 + "\n" }.joined()
                    guard text.hasPrefix("%end ") else { throw TmuxSession.Failure(description: "tmux: \(output)") }
                    return output
                }
                lines.append(text)
            } else if text.hasPrefix("%begin ") {
                inside = Self.number(of: text) ?? ""
            } else if text.hasPrefix("%exit") {
                hasEnded = true
                throw TmuxSession.Failure(description: "tmux ended the client")
            }
        }
    }

    /// The command number of a `%begin`, `%end` or `%error` line: `%begin <time> <number> <flags>`.
    private static func number(of line: String) -> Substring? {
        let fields = line.split(separator: " ")
        return fields.count >= 3 ? fields[2] : nil
    }

    /// The next line tmux printed, without its newline; waits at most ``answerTimeout`` milliseconds for it.
    private func nextLine() throws -> String {
        while true {
            if let newline = pending[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[consumed..<newline], as: UTF8.self)
                consumed = newline + 1
                return line
            }
            // Every line read is consumed: what is left is the start of the next one.
            pending.removeSubrange(..<consumed)
            consumed = 0
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.answerTimeout)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw TmuxSession.Failure(description: "tmux did not answer in time") }
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                hasEnded = true
                throw TmuxSession.Failure(description: "tmux ended the client")
            }
            pending += chunk[..<count]
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's Glibc module does not show:
    /// adds to a spawn's actions the closing of every descriptor from a number on.
    private static let addCloseFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
                unsafeBitCast(
                    $0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
            }

    /// `argument` as one word of tmux's command language: in double quotes, with `\`, `"` and `$` escaped and
    /// every control character written in octal, so a key's bytes reach the pane as they are.
    static func quoted(_ argument: String) -> String {
        var word = "\""
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "\\", "\"", "$": word += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let octal = String(scalar.value, radix: 8)
                word += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: word.unicodeScalars.append(scalar)
            }
        }
        return word + "\""
    }
}
