/// Remembers the first corrupt or unreadable data file a service met, so the app can stop with exit code 2
/// after the command that met it, instead of going on over data it cannot trust.
@MainActor
final class DataHealth {
    /// The first fatal data error, if any.
    private(set) var fatalDataError: DataError?

    /// Records `error` if it is fatal and none was recorded before.
    func record(_ error: DataError) {
        if error.isFatal, fatalDataError == nil { fatalDataError = error }
    }
}
