package import Foundation
import Glibc

/// Where the tests put the files and folders they make and remove: the folder `TMPDIR` names when it is set; else a
/// file system in memory (`/dev/shm`) when it is a folder this process may write in and run programs from, with at
/// least ``minimumFreeBytes`` free; else `/tmp`. The folder is named by its real path (no symbolic link on the way),
/// as the tools name the folders they run in.
///
/// A run of the suite makes and removes thousands of files: data folders and their databases, the files a terminal
/// test reads back, fixture packages. On a disk's file system a new file can cost far more than its bytes: ext4
/// without a journal, for one, steps over every inode freed in the last minutes, one at a time, before it hands out
/// a new one, so just after a run removed thousands of files each new one pays for all of them (a third of the main
/// actor's time in the end-to-end tests that run the app in process, on such a machine). What the tests check of
/// their files (bytes, modes, links, locks between processes, a process killed mid-write, a script run from there)
/// is the same in memory, and the suite's time goes to what it tests. The tools themselves (`explore`, the
/// benchmarks, the checker) use the system's temporary directory, as any program does.
package enum ScratchSpace {
    /// The folder the tests make their files in.
    package static let directory: URL = {
        let chosen: String
        if let named = ProcessInfo.processInfo.environment["TMPDIR"], !named.isEmpty {
            chosen = named
        } else if isRoomy(inMemory) {
            chosen = inMemory
        } else {
            chosen = "/tmp"
        }
        return URL(fileURLWithPath: realPath(of: chosen), isDirectory: true)
    }()

    /// A new, empty folder in ``directory`` whose name starts with `prefix`, for one test to make and remove.
    package static func folder(_ prefix: String) throws -> URL {
        let folder = directory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A file system in memory, on Linux.
    static let inMemory = "/dev/shm"

    /// The least free space the file system in memory needs to be chosen: far more than a run of the suite holds at
    /// once (about 15 MB), so that a small one (a container's default is 64 MB) is passed over rather than filled.
    static let minimumFreeBytes: UInt64 = 1 << 30

    /// Whether `path` is a folder this process may make files in, on a file system that runs programs (tests run
    /// the scripts they write) and has at least ``minimumFreeBytes`` free.
    static func isRoomy(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, access(path, W_OK | X_OK) == 0 else {
            return false
        }
        var space = statvfs()
        guard statvfs(path, &space) == 0, space.f_flag & noExecution == 0, space.f_frsize > 0 else { return false }
        // Counted in blocks, so that no product of two counts can overflow.
        return UInt64(space.f_bavail) >= minimumFreeBytes / UInt64(space.f_frsize)
    }

    /// `ST_NOEXEC` of `<sys/statvfs.h>`, which Swift does not import: the file system runs no program.
    static let noExecution: UInt = 8

    /// `path` with every symbolic link on the way resolved, or `path` itself when it cannot be.
    static func realPath(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
