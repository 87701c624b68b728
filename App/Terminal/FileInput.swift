import AppInterface
import Glibc

/// A script file read as raw bytes.
final class FileInput: AppMain.ByteInput {
    private let descriptor: Int32

    /// Opens `path` for reading.
    ///
    /// - Throws: the system's reason as text when it cannot be opened, or when it is a folder (which opens, but
    ///   has no lines to read).
    init(path: String) throws(UserFacingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw UserFacingError(description: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw UserFacingError(description: String(cString: strerror(EISDIR)))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    var isTerminal: Bool { false }

    func read(maximumCount: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(1, maximumCount))
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(buffer[0..<count]) : []
        }
    }

    func setEcho(_ isOn: Bool) {}
}
