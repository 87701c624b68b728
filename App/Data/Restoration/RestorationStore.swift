package import Core

/// Where the app keeps the record of where the person is (``RestorationState``), between processes.
///
/// One small protocol, so where the record lives can change without touching what saves and restores it: the app
/// keeps it in its database (``DatabaseRestorationStore``); tests may keep it anywhere.
@MainActor
package protocol RestorationStore: AnyObject {
    /// The saved record, or `nil` when none was saved.
    ///
    /// - Throws: ``RestorationStoreError`` when a record is there but cannot be read or decoded.
    func load() throws(RestorationStoreError) -> RestorationState?

    /// Replaces the saved record with `state`, atomically: a reader sees the old record or the new one.
    ///
    /// - Throws: ``RestorationStoreError/unwritable(_:)``; the old record is then untouched.
    func save(_ state: RestorationState) throws(RestorationStoreError)
}

/// Why the record of where the person is could not be read or written.
package enum RestorationStoreError: Error, Equatable, CustomStringConvertible {
    /// The record is there but cannot be read.
    case unreadable(String)
    /// The record was read but is not one the app writes.
    case corrupt(String)
    /// The record cannot be written.
    case unwritable(String)

    package var description: String {
        switch self {
        case .unreadable(let problem): "the saved place cannot be read: \(problem)"
        case .corrupt(let problem): "the saved place is damaged: \(problem)"
        case .unwritable(let problem): "where you are cannot be saved: \(problem)"
        }
    }
}
