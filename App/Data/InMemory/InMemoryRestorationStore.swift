import Core

/// The record of where the person is, kept in memory for as long as the ``InMemoryDataStore`` that holds it: a
/// second app built over the same store restores it, as a restart does over the database.
///
/// Like the database's store, it keeps the record as the JSON it would write, so a record that cannot be
/// encoded fails the same way, and a restore reads back what was written rather than the very value saved.
@MainActor
final class InMemoryRestorationStore: RestorationStore {
    /// The record as the JSON text ``save(_:)`` wrote, or `nil`.
    var record: String?

    func load() throws(RestorationStoreError) -> RestorationState? {
        guard let record else { return nil }
        do {
            return try DatabaseRestorationStore.decode(record)
        } catch {
            throw .corrupt("it is not a record this app writes")
        }
    }

    func save(_ state: RestorationState) throws(RestorationStoreError) {
        record = try DatabaseRestorationStore.encode(state)
    }
}
