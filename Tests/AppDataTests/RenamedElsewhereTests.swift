import AppTesting
import Foundation
import Testing

/// Two processes on one data folder: a new display name one saves is what the other's `state` reports, as its
/// Profile already shows.
@Suite("A display name another process saves is the one state reports")
@MainActor
struct RenamedElsewhereTests {
    @Test("Process A's state reports the name process B saved after A logged in")
    func stateReadsTheStoredName() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        let lines = ["state", "state"]
        // Between A's two commands, B renames the account (as another process does through the same database).
        let renameElsewhere = {
            _ = try? data.sql("UPDATE accounts SET display_name = 'Renamed Elsewhere' WHERE email = 'demo@example.com'")
        }
        let input = LineByLineInput(lines, beforeLine: [2: renameElsewhere])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.map(\.user) == ["Demo", "Renamed Elsewhere"], "\(run.output)")
    }
}
