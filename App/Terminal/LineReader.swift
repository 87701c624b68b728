import Glibc

/// Splits an input stream into lines, safely: a line longer than a limit is skipped (not kept in memory) and
/// reported, a line that is not UTF-8 is reported, and a final line without a line break still counts (unless a
/// line break is required).
///
/// The end of the input is not remembered: at a terminal, Ctrl-D ends the input once and the person can type on,
/// so the next call reads again (a file or pipe at its end just ends again).
final class LineReader {
    /// One line read.
    enum Line: Equatable {
        /// A line of text, without its `\n` (or `\r\n`).
        case text(String)
        /// A line longer than the limit; its bytes were dropped.
        case tooLong
        /// A line that is not valid UTF-8.
        case invalidUTF8
    }

    /// The longest line the app takes in, in bytes, in either mode: the line mode refuses a longer line, the full
    /// screen's command line never grows past it.
    static let maximumLineBytes = 65_536

    /// The longest line kept, in bytes.
    let maximumLength: Int

    private let input: any AppMain.ByteInput
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start; consumed bytes are dropped only when a new chunk is read, so
    /// reading many short lines costs linear time.
    private var start = 0
    /// Where to look for the next line break: the bytes between `start` and here hold none.
    private var searchStart = 0
    /// Whether the start of the input was looked at for the byte order mark an editor writes at the start of a
    /// UTF-8 file, which is no text of the first line: it is dropped as it arrives.
    private var hasCheckedByteOrderMark = false

    /// Creates a reader of `input` that refuses lines longer than `maximumLength` bytes.
    init(input: any AppMain.ByteInput, maximumLength: Int = LineReader.maximumLineBytes) {
        self.input = input
        self.maximumLength = maximumLength
    }

    /// The next line, or `nil` at the end of the input.
    ///
    /// With `requiringLineBreak`, only a line the person confirmed with Return counts (for a hidden prompt): text
    /// cut short by the end of the input, or handed over by a read without a line break (a terminal does that only
    /// when Ctrl-D is pressed after typing), is dropped and `nil` returned.
    func next(requiringLineBreak: Bool = false) -> Line? {
        var isTooLong = false
        while true {
            if let newline = Self.lineBreak(in: buffer, from: searchStart) {
                let line = buffer[start..<newline]
                start = newline + 1
                searchStart = start
                return isTooLong || line.count > maximumLength ? .tooLong : Self.decode(line)
            }
            if buffer.count - start > maximumLength {
                isTooLong = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            searchStart = buffer.count
            let chunk = input.read(maximumCount: 64 * 1024)
            if !chunk.isEmpty {
                buffer.removeSubrange(..<start)
                searchStart -= start
                start = 0
                buffer += chunk
                if !hasCheckedByteOrderMark { dropByteOrderMark() }
                if !requiringLineBreak || Self.lineBreak(in: chunk, from: 0) != nil { continue }
            }
            let line = buffer[start...]
            start = buffer.count
            searchStart = start
            guard !line.isEmpty || isTooLong, !requiringLineBreak else { return nil }
            return isTooLong ? .tooLong : Self.decode(line)
        }
    }

    /// Drops the UTF-8 byte order mark (`EF BB BF`) the input begins with, once its first bytes have come: a
    /// mark cut short by the end of the input is left, and read as the text it is not.
    private func dropByteOrderMark() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let head = buffer.prefix(mark.count)
        guard head.elementsEqual(mark.prefix(head.count)) else {
            hasCheckedByteOrderMark = true
            return
        }
        guard head.count == mark.count else { return }
        buffer.removeFirst(mark.count)
        searchStart = max(0, searchStart - mark.count)
        hasCheckedByteOrderMark = true
    }

    /// The index of the first `\n` in `bytes` at or after `start`, found by `memchr`: a megabyte pasted or piped
    /// in is searched at memory speed, not a byte at a time.
    private static func lineBreak(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> Line {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
        return .text(text)
    }
}
