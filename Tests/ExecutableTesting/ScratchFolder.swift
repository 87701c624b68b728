package import Foundation
import Glibc

/// A folder in the tests' scratch space (``ScratchSpace``) at a path that stays the same from one test run to the
/// next, held by one test at a time: for a package a test writes and then hands to SwiftPM.
///
/// SwiftPM keeps each manifest it evaluates in a cache every run shares (`~/.cache/org.swift.swiftpm/manifests`),
/// keyed by the package's path and the manifest's text. A package copied to a new path each time has its manifest
/// compiled and linked each time (about 0.3 s of CPU for this package's), and leaves an entry that is never read
/// again. A scratch folder is instead one of a few, `<name>-<slot>`: a test holds its folder with an advisory lock
/// (`flock(2)` on `<name>-<slot>.lock`) for as long as it uses it, so tests running side by side, in one process or
/// in two checkouts, never share one. The folder is emptied before use, so what a killed run left does not count.
package struct ScratchFolder {
    /// The folder, empty but for what `prepare` put there.
    package let url: URL
    /// The open lock file that holds the folder; closing it lets another test have the folder.
    private let lock: Int32

    /// Holds the first folder `<name>-<slot>` in the scratch space that no running test holds, empties it,
    /// and lets `prepare` fill it (it is handed the folder's path, which does not exist yet).
    ///
    /// - Throws: what `prepare` throws for the last folder tried, or why no folder was free. A folder this process
    ///   cannot empty or fill, such as another user's, is skipped for the next one.
    package init(_ name: String, prepare: (URL) throws -> Void) throws {
        var refusal: any Error = Busy(description: "every \(name)-N folder is held by a running test")
        let scratch = ScratchSpace.directory
        for slot in 0..<Self.maximumSlots {
            let folder = scratch.appendingPathComponent("\(name)-\(slot)")
            let lock = open(folder.path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            guard lock >= 0 else {
                refusal = Busy(description: "cannot open \(folder.path).lock: \(String(cString: strerror(errno)))")
                continue
            }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                close(lock)
                continue
            }
            do {
                try? FileManager.default.removeItem(at: folder)
                try prepare(folder)
            } catch {
                refusal = error
                close(lock)
                continue
            }
            (url, self.lock) = (folder, lock)
            return
        }
        throw refusal
    }

    /// Removes the folder and lets another test have it.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
        close(lock)
    }

    /// More folders for one name than tests could ever hold at once, in this process and others.
    private static let maximumSlots = 64

    /// Why no folder could be held.
    package struct Busy: Error, CustomStringConvertible {
        package let description: String
    }
}
