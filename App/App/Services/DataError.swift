/// Why the data directory could not be read or written.
///
/// Corrupt and unreadable files are data errors: the app stops with exit code 2 rather than overwrite them.
/// A file that cannot be written fails the one command that tried, and nothing already stored is lost.
enum DataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but does not hold what the app wrote there.
    case corrupt(path: String, problem: String)
    /// The file exists but cannot be read.
    case unreadable(path: String, problem: String)
    /// The file or directory cannot be created or written.
    case unwritable(path: String, problem: String)

    /// Whether the app must stop with exit code 2 instead of going on.
    var isFatal: Bool {
        switch self {
        case .corrupt, .unreadable: true
        case .unwritable: false
        }
    }

    /// The file the error is about.
    var path: String {
        switch self {
        case .corrupt(let path, _), .unreadable(let path, _), .unwritable(let path, _): path
        }
    }

    var description: String {
        switch self {
        case .corrupt(let path, let problem): "the data file \(path) is corrupt: \(problem)"
        case .unreadable(let path, let problem): "the data file \(path) cannot be read: \(problem)"
        case .unwritable(let path, let problem): "cannot write \(path): \(problem)"
        }
    }
}
