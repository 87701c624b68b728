import AppTesting
import Foundation
import Testing

/// What only the whole app shows of its data: the exit code and the lines it prints for a data error, at the start
/// or met while it runs; what `--move-aside-corrupt-data` and an import tell; `--check-data`'s answer; and
/// `--allow-unsafe-data-dir` taken from the command line. In process, over a real data folder; what the data
/// finds and does is tested in the data's own tests.
@Suite("The app's exit code and lines for its data")
@MainActor
struct DataErrorEndToEndTests {
    static let corruptAdvice =
        "restore the file from a backup, or run with --move-aside-corrupt-data to keep the damaged files aside and "
        + "start fresh"
    static let movedSuffix = ".corrupt-20260101T120000Z"

    /// One kind of damage a data folder can hold, and the line the app starts its report with.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case zeroedPage, missingIndexEntry, notADatabase, missingIndex, emptied, newerVersion, fifo, writableFolder
        case damagedJSON

        var testDescription: String { rawValue }

        /// Damages `data` and returns what the first line starts with after `app: `, and the advice the second
        /// line ends with (`nil` when it gives none).
        @MainActor
        func apply(to data: TemporaryDataDirectory) async throws -> (cause: String, advice: String?) {
            let database = data.databasePath
            let corruptAdvice = DataErrorEndToEndTests.corruptAdvice
            switch self {
            case .zeroedPage:
                try await DataErrorEndToEndTests.firstRun(data)
                // Some 30 pages of posts, so the zeroed page is one of many.
                try data.sql(
                    """
                    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 300)
                    INSERT INTO posts (author_email, author_name, created_at, text)
                    SELECT 'seed@example.com', 'Seed', 0, i || ' ' || hex(zeroblob(160)) FROM n;
                    PRAGMA wal_checkpoint(TRUNCATE);
                    """)
                let handle = try #require(FileHandle(forWritingAtPath: database))
                try handle.seek(toOffset: 11 * 4096)
                handle.write(Data(count: 4096))
                try handle.close()
                return ("the data file \(database) is corrupt: ", corruptAdvice)
            case .missingIndexEntry:
                // Found by the check before the first write, which the start makes: the Feed marks Latest seen, as
                // it does whenever the clock moved on since the last look.
                try await DataErrorEndToEndTests.firstRun(data)
                try data.sql("UPDATE accounts SET latest_seen_at = 0")
                try data.removeIndexEntry(ofPost: 1)
                return (
                    "the data file \(database) is corrupt: a check of its pages and index entries found: row 1 "
                        + "missing from index posts_by_author", corruptAdvice
                )
            case .notADatabase:
                try "garbage".write(toFile: database, atomically: false, encoding: .utf8)
                return ("the data file \(database) is corrupt: ", corruptAdvice)
            case .missingIndex:
                try await DataErrorEndToEndTests.firstRun(data)
                try data.sql("DROP INDEX posts_by_recency")
                return ("the data file \(database) is corrupt: its ", corruptAdvice)
            case .emptied:
                try await DataErrorEndToEndTests.firstRun(data)
                try Data().write(to: URL(fileURLWithPath: database))
                return ("the data file \(database) is empty, but this folder held the app's data", corruptAdvice)
            case .newerVersion:
                try await DataErrorEndToEndTests.firstRun(data)
                try data.sql("PRAGMA user_version = 99")
                return (
                    "the data file \(database) was written by a newer version of the app (format 99; this version "
                        + "reads up to ", nil
                )
            case .fifo:
                #expect(mkfifo(database, 0o600) == 0)
                return (
                    "the data file \(database) is not a file the app can use: it is a FIFO",
                    "move it away or fix it yourself, then start the app again"
                )
            case .writableFolder:
                try await DataErrorEndToEndTests.firstRun(data)
                #expect(chmod(data.path, 0o777) == 0)
                return (
                    "refusing \(data.path): every user may write to the data folder (mode 0777)",
                    "the folder must be yours and writable by you alone (chmod go-w), and its files no symbolic "
                        + "links; or run with --allow-unsafe-data-dir if you mean to use it as it is"
                )
            case .damagedJSON:
                try "{ not json".write(toFile: data.file("posts.json"), atomically: false, encoding: .utf8)
                return ("the data file \(data.file("posts.json")) is corrupt: it is not valid JSON", corruptAdvice)
            }
        }
    }

    /// The folder as a first run that logged the demo account in left it, as the damage finds it.
    static func firstRun(_ data: TemporaryDataDirectory) async throws {
        try await data.putDemoLoggedIn()
    }

    @Test(
        "A data error found at the start exits 2 with two lines: the cause, then that it stopped and what to do",
        arguments: Damage.allCases)
    func dataErrorAtStart(damage: Damage) async throws {
        let data = try TemporaryDataDirectory()
        let (cause, advice) = try await damage.apply(to: data)
        let run = await data.run(AppHarness.demoLogin + "compose\nset text new\npost\nstate\n")
        #expect(run.status == 2, "\(run.error)")
        #expect(run.output.isEmpty, "nothing ran: \(run.output)")
        let lines = run.error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 3 && lines[2].isEmpty, "two lines, each ended: \(run.error)")
        #expect(lines[0].hasPrefix("app: " + cause), "\(lines[0])")
        #expect(lines[1] == "app: stopped so nothing is overwritten" + (advice.map { "; " + $0 } ?? ""))
        #expect(!MessageScan.containsDebugText(run.error), "\(run.error)")
    }

    @Test("A data error met while the app runs exits 2 after the line that met it, naming that line")
    func dataErrorWhileRunning() async throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            AppHarness.demoLogin.split(separator: "\n").map(String.init) + [
                "compose", "set text new", "post", "state",
            ],
            beforeLine: [6: { _ = try? data.sql("PRAGMA user_version = 99") }])
        let run = await AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 2)
        let cause = try #require(run.error.split(separator: "\n").first.map(String.init))
        #expect(
            cause.hasPrefix(
                "line 6: the data file \(data.databasePath) was written by a newer version of the app (format 99; "),
            "\(run.error)")
        #expect(
            cause.hasSuffix("); use that version, or a newer one")
                && run.error == cause + "\napp: stopped so nothing is overwritten\n", "\(run.error)")
        #expect(run.states.isEmpty, "nothing ran after the line that met it")
        #expect(try data.count("SELECT count(*) FROM posts WHERE text = 'new'") == 0)
    }

    @Test("A post missing from an index stops the script's first change: exit 2 after its line, nothing stored")
    func missingIndexEntryStopsTheFirstChange() async throws {
        let data = try TemporaryDataDirectory()
        try await Self.firstRun(data)
        try data.removeIndexEntry(ofPost: 1)
        let run = await data.run("tab feed\ncompose\nset text new\npost\nstate\n")
        #expect(run.status == 2, "\(run.error)")
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.error)")
        #expect(
            lines.first?.hasSuffix(
                ": the data file \(data.databasePath) is corrupt: a check of its pages and index entries found: row 1 "
                    + "missing from index posts_by_author") == true, "\(run.error)")
        #expect(lines.last == "app: stopped so nothing is overwritten; " + Self.corruptAdvice)
        #expect(run.states.isEmpty, "nothing ran after the line that met it")
        #expect(try data.count("SELECT count(*) FROM posts WHERE text = 'new'") == 0)
    }

    @Test("--move-aside-corrupt-data and an import tell what they did to the files, one line each")
    func movedAsideAndImportedFilesAreTold() async throws {
        let database = try TemporaryDataDirectory()
        try "garbage".write(toFile: database.databasePath, atomically: false, encoding: .utf8)
        let moved = await database.run(AppHarness.demoLogin + "state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(moved.status == 0, "\(moved.error)")
        #expect(
            moved.error == "app: moved the unusable data file aside to \(database.databasePath)\(Self.movedSuffix)\n"
                + "app: started a new database with the demo account demo@example.com and its posts\n")
        #expect(moved.lastState?.user == "Demo")
        await #expect(database.run("state\n").error.isEmpty, "a later start has nothing to tell")

        let json = try TemporaryDataDirectory()
        let accounts = """
            {"version": 1, "accounts": [{"email": "old@example.com", "displayName": "Old", "passwordHash": "h",
             "createdAt": "2025-01-01T00:00:00Z"}]}
            """
        try accounts.write(toFile: json.file("accounts.json"), atomically: false, encoding: .utf8)
        try #"{"version": 1, "email": "old@example.com", "createdAt": "2025-03-01T00:00:00Z"}"#
            .write(toFile: json.file("session.json"), atomically: false, encoding: .utf8)
        try "{ not json".write(toFile: json.file("posts.json"), atomically: false, encoding: .utf8)
        let imported = await json.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(imported.status == 0, "\(imported.error)")
        let kept = "app: imported the data file into the database and kept it as "
        let movedJSON = json.file("posts.json") + Self.movedSuffix
        #expect(
            imported.error == "app: moved the unusable data file aside to \(movedJSON)\n"
                + kept + json.file("accounts.json.imported-20260101T120000Z") + "\n"
                + kept + json.file("session.json.imported-20260101T120000Z") + "\n",
            "\(imported.error)")
        #expect(imported.lastState?.user == "Old")
    }

    @Test("--check-data: nothing to check in a new folder, a sound database's pages counted, a damaged one exits 2")
    func checkData() async throws {
        let data = try TemporaryDataDirectory()
        let nothing = await data.run("", arguments: ["--check-data"])
        #expect(nothing.status == 0 && nothing.error.isEmpty, "\(nothing.error)")
        #expect(nothing.output == "app: there is no database in \(data.path) yet: nothing to check\n")
        #expect(try data.allFiles().isEmpty, "a check creates no database")
        try await Self.firstRun(data)
        let pages = try data.count("PRAGMA page_count")
        let sound = await data.run("", arguments: ["--check-data"])
        #expect(sound.status == 0 && sound.error.isEmpty, "\(sound.error)")
        #expect(
            sound.output
                == "app: the data file \(data.databasePath) is sound: its schema, all of its \(pages) pages and every "
                + "index entry were checked\n")
        try data.sql("DROP INDEX posts_by_recency")
        let damaged = await data.run("", arguments: ["--check-data"])
        #expect(damaged.status == 2 && damaged.output.isEmpty)
        #expect(damaged.error.hasPrefix("app: the data file \(data.databasePath) is corrupt"), "\(damaged.error)")
    }

    @Test("--allow-unsafe-data-dir on the command line opens a folder the app would refuse")
    func allowUnsafeDataDirectory() async throws {
        let data = try TemporaryDataDirectory()
        try await Self.firstRun(data)
        #expect(chmod(data.path, 0o777) == 0)
        await #expect(data.run("state\n").status == 2)
        let allowed = await data.run("state\n", arguments: ["--allow-unsafe-data-dir"])
        #expect(allowed.status == 0 && allowed.error.isEmpty, "\(allowed.error)")
        #expect(allowed.lastState?.user == "Demo")
    }
}
