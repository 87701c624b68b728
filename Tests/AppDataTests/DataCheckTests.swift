import Testing

@testable import AppData

/// The check at open compares a database's schema with a list written out in ``DataCheck``, so a start-up builds
/// no database to learn it: the list must be what ``Schema/migrations`` build.
@Suite("The schema the check at open expects is the one the migrations build")
struct DataCheckTests {
    @Test("The expected parts are those of an empty database brought up to date, in the same order")
    func expectedPartsMatchTheMigrations() async throws {
        #expect(DataCheck.expectedParts == (try DataCheck.partsBuiltByMigrations()))
    }
}
