import Foundation
import Synchronization

/// One tmux client in control mode (`tmux -C`): each command is a line written to it, and its answer is what tmux
/// prints between that command's `%begin` and `%end` (or `%error`). Between answers tmux prints notifications, among
/// them `%output %<pane> <bytes>` each time a pane of the client's session has had output: the client counts them,
/// pane by pane, so a test can sleep until the terminal it watches has changed instead of looking again and again.
///
/// A test looks at the screen hundreds of times; a client spawned for each look costs a process start, about
/// 2 ms of CPU, where a line to this one costs a few microseconds. Its first command starts the server with a
/// session and attaches to it (see ``TmuxServer``).
///
/// A thread of its own reads everything tmux prints, as soon as it is printed: it hands each answer to the command
/// waiting for it (one command at a time: ``run(_:)`` is not called concurrently) and wakes the waiters of a pane that
/// had output. Were the notifications read only while a command waits, a waiter would learn of output only at its
/// next look, which is what it waits for.
final class TmuxControlClient: Sendable {
    private let processID: pid_t
    /// This process's end of the socket pair that is the client's standard input and output: a socket, so that a
    /// command written after tmux ended fails instead of raising `SIGPIPE`, and so that `shutdown` wakes the reading
    /// thread when the client is done with.
    private let connection: Int32
    /// What the reading thread has learnt, shared with the commands and the waiters.
    private let inbox = Inbox()
    /// Signalled once by the reading thread as it stops: the connection is closed only after, so its number is never
    /// read from once it may have been given to another file.
    private let readerStopped = DispatchSemaphore(value: 0)

    /// How long an answer may take before the client gives up on it.
    static let answerTimeout: Double = 10

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
        let (connection, inbox, readerStopped) = (connection, inbox, readerStopped)
        let reader = Thread {
            inbox.read(from: connection)
            readerStopped.signal()
        }
        reader.name = "tmux control client"
        reader.start()
        // The first command's (empty) answer comes first.
        _ = try answer(to: first)
    }

    deinit {
        // The client reads the end of its input and leaves; the reading thread reads the end of the output.
        shutdown(connection, Int32(SHUT_RDWR))
        readerStopped.wait()
        close(connection)
        if !hasEnded { kill(processID, SIGTERM) }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0, errno == EINTR {}
    }

    /// Whether tmux ended the client (after `kill-server`, or the session's end).
    var hasEnded: Bool { inbox.state.withLock(\.hasEnded) }

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
                if arguments.first == "kill-server" { return "" }
                throw TmuxSession.Failure(description: "tmux stopped reading commands")
            }
            written += count
        }
        return try answer(to: arguments)
    }

    /// Waits, at most ``answerTimeout`` seconds, for the next answer the reading thread has read whole.
    private func answer(to arguments: [String]) throws -> String {
        guard inbox.answerArrived.wait(timeout: .now() + Self.answerTimeout) == .success else {
            throw TmuxSession.Failure(description: "tmux did not answer in time")
        }
        let answer = inbox.state.withLock { state in state.answers.isEmpty ? nil : state.answers.removeFirst() }
        guard let answer else {
            // Woken by the client's end.
            if arguments.first == "kill-server" { return "" }
            throw TmuxSession.Failure(description: "tmux ended the client")
        }
        return try answer.get()
    }

    /// How many times the pane `pane` (`%1`) has had output, as tmux told this client: a number that grows.
    func outputCount(of pane: String) -> UInt64 {
        inbox.state.withLock { $0.outputCounts[pane, default: 0] }
    }

    /// Returns once the pane `pane` has had output past `seen` (a count from ``outputCount(of:)``), or after
    /// `seconds`, whichever comes first, or at once when the client has ended; holds no thread meanwhile.
    func waitForOutput(of pane: String, past seen: UInt64, atMost seconds: Double) async {
        let inbox = inbox
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter = inbox.state.withLock { state -> Int? in
                guard !state.hasEnded, state.outputCounts[pane, default: 0] <= seen else { return nil }
                let waiter = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[waiter] = Inbox.Waiter(pane: pane, continuation: continuation)
                return waiter
            }
            guard let waiter else { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                inbox.state.withLock { $0.waiters.removeValue(forKey: waiter) }?.continuation.resume()
            }
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

/// What the reading thread of a ``TmuxControlClient`` has read: the answers not yet taken, and each pane's output.
private final class Inbox: Sendable {
    struct State {
        /// The answers read whole and not yet taken by their command, oldest first: what tmux printed, or the error
        /// it reported.
        var answers: [Result<String, TmuxSession.Failure>] = []
        /// Each pane's count of `%output` notifications.
        var outputCounts: [String: UInt64] = [:]
        /// The tasks waiting for a pane's output, by a number of their own.
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
        /// Whether tmux ended the client.
        var hasEnded = false
    }

    /// A task waiting for output of `pane`.
    struct Waiter {
        let pane: String
        let continuation: CheckedContinuation<Void, Never>
    }

    let state = Mutex(State())
    /// Signalled once for each answer read whole, and once when the client ends (which wakes a waiting command).
    let answerArrived = DispatchSemaphore(value: 0)

    /// Reads what tmux prints from `connection` until it ends or the connection is shut down; sorts it into answers
    /// (the lines between a `%begin` and the `%end` or `%error` of the same number, each ended by a newline, as a
    /// spawned client would have printed them) and notifications.
    func read(from connection: Int32) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        /// The number of the block being read, and its lines so far.
        var block: (number: Substring, lines: [String])?
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(connection, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += chunk[..<count]
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[start..<newline]
                start = newline + 1
                if var open = block {
                    let text = String(decoding: line, as: UTF8.self)
                    if text.hasPrefix("%end ") || text.hasPrefix("%error "), Self.number(of: text) == open.number {
                        let output = open.lines.map { $0 + "\n" }.joined()
                        block = nil
                        state.withLock {
                            $0.answers.append(
                                text.hasPrefix("%end ")
                                    ? .success(output) : .failure(TmuxSession.Failure(description: "tmux: \(output)")))
                        }
                        answerArrived.signal()
                    } else {
                        open.lines.append(text)
                        block = open
                    }
                } else if line.starts(with: Self.outputPrefix) {
                    let pane = line.dropFirst(Self.outputPrefix.count).prefix { $0 != UInt8(ascii: " ") }
                    notifyOutput(of: String(decoding: pane, as: UTF8.self))
                } else if line.starts(with: Self.beginPrefix) {
                    block = (Self.number(of: String(decoding: line, as: UTF8.self)) ?? "", [])
                } else if line.starts(with: Self.exitPrefix) {
                    break reading
                }
            }
            // Every whole line is consumed: what is left is the start of the next one.
            pending.removeSubrange(..<start)
        }
        let waiters = state.withLock { state in
            state.hasEnded = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        answerArrived.signal()
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Counts an output of `pane` and wakes the tasks waiting for one.
    private func notifyOutput(of pane: String) {
        let woken = state.withLock { state in
            state.outputCounts[pane, default: 0] += 1
            let woken = state.waiters.filter { $0.value.pane == pane }
            for waiter in woken.keys { state.waiters.removeValue(forKey: waiter) }
            return woken.values
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    private static let outputPrefix = Array("%output ".utf8)
    private static let beginPrefix = Array("%begin ".utf8)
    private static let exitPrefix = Array("%exit".utf8)

    /// The command number of a `%begin`, `%end` or `%error` line: `%begin <time> <number> <flags>`.
    private static func number(of line: String) -> Substring? {
        let fields = line.split(separator: " ")
        return fields.count >= 3 ? fields[2] : nil
    }
}
