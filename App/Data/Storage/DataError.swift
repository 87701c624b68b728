/// Why the data directory could not be read or written.
///
/// Corrupt and unreadable files are data errors: the app stops with exit code 2 rather than overwrite them.
/// A file that cannot be written fails the one command that tried, and nothing already stored is lost.
package enum DataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but does not hold what the app wrote there.
    case corrupt(path: String, problem: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, problem: String)
    /// The file was written by a newer release of the app, in format `version`; this release reads up to
    /// `supported`.
    case newerVersion(path: String, version: Int, supported: Int)
    /// The file or directory cannot be created or written.
    case unwritable(path: String, problem: String)
    /// The database is missing or empty although the folder held one (its marker,
    /// ``Database/markerName``, is still there): the data was lost, and starting over would hide it.
    case lost(path: String, problem: String)
    /// Something other than a database file stands where the database belongs (a folder, a FIFO, a symbolic
    /// link to nothing); renaming it aside would not fix what put it there, so only its owner can.
    case notAFile(path: String, problem: String)
    /// The data folder, or one of the app's files in it, is not the app's own: another user owns the folder or may
    /// write to it, or the file is a symbolic link. The app refuses it unless the person says they mean it
    /// (`--allow-unsafe-data-dir`).
    case unsafe(path: String, problem: String)
    /// The database was removed or replaced (deleted, renamed, another file put in its place) while this process
    /// had it open: a change written now would go to a file nobody reads again, so nothing more is written.
    case replacedWhileOpen(path: String)

    /// Whether the app must stop with exit code 2 instead of going on.
    package var isFatal: Bool {
        switch self {
        case .corrupt, .unreadable, .newerVersion, .lost, .notAFile, .unsafe, .replacedWhileOpen: true
        case .unwritable: false
        }
    }

    /// Whether `--move-aside-corrupt-data` may rename the file: only when it is broken, never when a newer release
    /// wrote it.
    var canBeMovedAside: Bool {
        switch self {
        case .corrupt, .unreadable, .lost: true
        case .newerVersion, .unwritable, .notAFile, .unsafe, .replacedWhileOpen: false
        }
    }

    /// What the person can do about a fatal error, in one sentence, or `nil` when there is nothing to advise
    /// (the description already says it). The one wording of this advice, wherever the app stops.
    package var advice: String? {
        switch self {
        case .corrupt, .unreadable, .lost:
            "restore the file from a backup, or run with --move-aside-corrupt-data to keep the damaged files aside "
                + "and start fresh"
        case .notAFile:
            "move it away or fix it yourself, then start the app again"
        case .unsafe:
            "the folder must be yours and writable by you alone (chmod go-w), and its files no symbolic links; or "
                + "run with --allow-unsafe-data-dir if you mean to use it as it is"
        case .replacedWhileOpen:
            "put the file back if you moved it; the next start opens what the folder holds then"
        case .newerVersion, .unwritable:
            nil
        }
    }

    /// The file the error is about.
    var path: String {
        switch self {
        case .corrupt(let path, _), .unreadable(let path, _), .newerVersion(let path, _, _), .unwritable(let path, _),
            .lost(let path, _), .notAFile(let path, _), .unsafe(let path, _), .replacedWhileOpen(let path):
            path
        }
    }

    package var description: String {
        switch self {
        case .corrupt(let path, let problem): "the data file \(path) is corrupt: \(problem)"
        case .unreadable(let path, let problem): "the data file \(path) cannot be read: \(problem)"
        case .newerVersion(let path, let version, let supported):
            "the data file \(path) was written by a newer version of the app (format \(version); this version reads "
                + "up to \(supported)); use that version, or a newer one"
        case .unwritable(let path, let problem): "cannot write \(path): \(problem)"
        case .lost(let path, let problem):
            "the data file \(path) \(problem), but this folder held the app's data: its accounts and posts are not "
                + "there"
        case .notAFile(let path, let problem): "the data file \(path) is not a file the app can use: \(problem)"
        case .unsafe(let path, let problem): "refusing \(path): \(problem)"
        case .replacedWhileOpen(let path):
            "the data file \(path) was removed or replaced while the app ran: nothing more is written to it"
        }
    }
}
