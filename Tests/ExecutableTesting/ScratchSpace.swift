package import Foundation
import Glibc

/// Where the tests put the files and folders they make and remove: the folder `TMPDIR` names when it is set; else a
/// file system in memory (`/dev/shm`) when it is a folder this process may write with at least
/// ``minimumFreeBytes`` free; else the system's temporary directory.
///
/// A run of the suite makes and removes thousands of files: data folders and their databases, the files a terminal
/// test reads back, fixture packages. On a disk's file system a new file can cost far more than its bytes: ext4
/// without a journal, for one, steps over every inode freed in the last minutes, one at a time, before it hands out
/// a new one, so just after a run removed thousands of files each new one pays for all of them (a third of the main
/// actor's time in the end-to-end tests that run the app in process, on such a machine). What the tests check of
/// their files (bytes, modes, links, locks between processes, a process killed mid-write) is the same in memory, and
/// the suite's time goes to what it tests. The tools themselves (`explore`, the benchmarks, the checker) use the
/// system's temporary directory, as any program does.
package enum ScratchSpace {
    /// The folder the tests make their files in.
    package static let directory: URL = {
        if let chosen = ProcessInfo.processInfo.environment["TMPDIR"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        if hasRoom(inMemory) { return URL(fileURLWithPath: inMemory, isDirectory: true) }
        return FileManager.default.temporaryDirectory
    }()

    /// A file system in memory, on Linux.
    static let inMemory = "/dev/shm"

    /// The least free space the file system in memory needs to be chosen: far more than a run of the suite holds at
    /// once, so that a small one (a container's default is 64 MB) is passed over rather than filled.
    package static let minimumFreeBytes: UInt64 = 1 << 30

    /// Whether `path` is a folder this process may make files in, on a file system with at least
    /// ``minimumFreeBytes`` free.
    static func hasRoom(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, access(path, W_OK | X_OK) == 0 else {
            return false
        }
        var space = statvfs()
        guard statvfs(path, &space) == 0 else { return false }
        return UInt64(space.f_bavail) * UInt64(space.f_frsize) >= minimumFreeBytes
    }
}
