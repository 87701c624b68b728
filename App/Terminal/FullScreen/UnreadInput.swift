import Glibc

/// What was typed or pasted at the terminal and not read when the app leaves: dropped, so none of it reaches the
/// shell, where a pasted line break would run as a command.
enum UnreadInput {
    /// How long the input has to be quiet, in milliseconds, before leaving takes it that nothing more is arriving.
    static let quietMilliseconds: Int32 = 50

    /// Reads and drops what waits on `descriptor`, and what keeps arriving (a terminal writes a long paste in
    /// pieces), until it has been quiet for ``quietMilliseconds`` or is closed, for at most `limit`; then discards
    /// what the terminal still holds.
    static func discard(from descriptor: Int32, limit: Duration = .seconds(1)) {
        let deadline = ContinuousClock.now + limit
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while ContinuousClock.now < deadline {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, quietMilliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, waiting.revents & Int16(POLLIN) != 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
        }
        tcflush(descriptor, TCIFLUSH)
    }
}
