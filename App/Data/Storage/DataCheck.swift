/// What the app checks in its database before it writes anything into it, and when.
///
/// - **Every open**: the schema is compared with the one ``Schema/migrations`` build (every table, column, index
///   and trigger must be there), and the pages are checked with SQLite's `quick_check`: every page of a database
///   up to ``everyPageLimit`` pages; above that, the pages of every table but `posts` and `likes` (accounts, the
///   session, the saved place and the schema itself), since a check of every page would not keep the start-up at
///   a million posts under its 100 ms target.
/// - **Before the first write** of a process that did not check every page at open, every page is checked: a
///   damaged database is never written to, at any size, and the check costs its time once, on the first change,
///   not on every start.
/// - **Whenever SQLite reports damage** while the app runs, ``Database`` refuses every later write, and the app
///   stops with exit code 2.
/// - **On demand** (`--check-data`) and before `--move-aside-corrupt-data` decides, every page and every index
///   entry are checked at open (`integrity_check`), so the remedy it recommends holds for the whole run.
///
/// The figures behind ``everyPageLimit`` are in the README (*The data*) and `docs/performance.md`, measured by
/// `swift run -c release benchmarks --at-size-only`.
enum DataCheck {
    /// The largest database, in pages, whose every page is checked at each open: about 95,000 posts (the benchmarks'
    /// 100,000 posts take 6,294 pages, and their start-up checks the small tables only). A check reads
    /// about 100 pages per millisecond on the benchmarks' machine under load (4,752 pages in 46 ms, 48,697 in
    /// 324 ms), so the check of a start-up stays under about 60 ms.
    static let everyPageLimit = 6_000

    /// How much of the database a check reads.
    enum Extent: Sendable {
        /// Every page up to ``DataCheck/everyPageLimit``; above it, every table but the posts and their likes.
        case atOpen
        /// Every page, whatever the size.
        case everyPage
        /// Every page, and every index entry against its row (SQLite's `integrity_check`): what SQLite may still
        /// report as damage while the app runs after a check of the pages passed. For `--check-data` and
        /// `--move-aside-corrupt-data`, where the answer must hold for the whole run.
        case everyPageAndIndex
    }

    /// The tables whose pages are checked at every open whatever the database's size: all but the two that grow
    /// with the posts.
    static let tablesAlwaysChecked = ["sqlite_schema", "accounts", "session", "restoration"]

    /// Checks the pages of the database on `connection`, reading `extent` of it; returns how many pages it has and
    /// whether every one of them was checked.
    ///
    /// - Throws: ``SQLiteError/damaged(_:)`` naming the first problem SQLite found.
    @discardableResult
    static func checkPages(
        _ connection: SQLiteConnection, extent: Extent
    ) throws(SQLiteError) -> (pages: Int, checkedEveryPage: Bool) {
        let pages = try connection.pragmaInteger("page_count")
        let checksEveryPage = extent != .atOpen || pages <= everyPageLimit
        let checks =
            extent == .everyPageAndIndex
            ? ["PRAGMA integrity_check"]
            : checksEveryPage ? ["PRAGMA quick_check"] : tablesAlwaysChecked.map { "PRAGMA quick_check(\($0))" }
        for check in checks {
            let findings = try connection.query(check) { $0.text(0) }
            guard findings == ["ok"] else {
                // SQLite heads its findings with "*** in database main ***"; the first real one names the damage.
                let first = findings.first { !$0.hasPrefix("***") } ?? findings.first ?? "no answer"
                let oneLine = first.split(whereSeparator: \.isNewline).joined(separator: " ")
                throw .damaged("a check of its pages found: \(oneLine)")
            }
        }
        return (pages, checksEveryPage)
    }

    /// Checks that the database on `connection` holds every table, column, index and trigger of the current
    /// schema.
    ///
    /// - Throws: ``SQLiteError/damaged(_:)`` naming what is missing.
    static func checkSchema(_ connection: SQLiteConnection) throws(SQLiteError) {
        let found = try Set(parts(of: connection))
        if let missing = try expectedParts().first(where: { !found.contains($0) }) {
            throw .damaged("its \(missing) is missing")
        }
    }

    /// The parts of the current schema, read from an empty database built by the migrations: the schema is
    /// written once, in ``Schema/migrations``.
    private static func expectedParts() throws(SQLiteError) -> [String] {
        let reference = try SQLiteConnection(path: ":memory:")
        try reference.transaction { () throws(SQLiteError) in try Schema.migrate(reference, from: 0) }
        return try parts(of: reference)
    }

    /// Every table, column, index and trigger of the database on `connection`, named as a person reads them
    /// ("table posts", "column posts.like_count").
    private static func parts(of connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        let objects = try connection.query(
            "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        ) { "\($0.text(0)) \($0.text(1))" }
        let columns = try connection.query(
            """
            SELECT t.name, c.name FROM sqlite_schema AS t, pragma_table_info(t.name) AS c
            WHERE t.type = 'table' AND t.name NOT LIKE 'sqlite_%' ORDER BY t.name, c.cid
            """
        ) { "column \($0.text(0)).\($0.text(1))" }
        return objects + columns
    }
}
