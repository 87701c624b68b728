/// What the app checks in its database before it writes anything into it, and when.
///
/// - **Every open** (cheap, so a start-up stays under 2 ms at any size): the header (the schema version, and a
///   page count and a free-page count that agree), the schema compared with the one ``Schema/migrations`` build
///   (every table, column, index and trigger must be there; the list is ``expectedParts``), and SQLite's
///   `quick_check` of the pages of every table but `posts` and `likes` (accounts, the session, the saved place and
///   the schema itself); a database of at most ``everyPageLimit`` pages has every page checked instead. A
///   `quick_check` reads every page of what it checks and the structure of its b-trees, but not whether each
///   index holds exactly the entries of its table's rows, nor the `UNIQUE` constraints.
/// - **Before the first write** of a process, SQLite's `integrity_check`: every page, and every index entry
///   against its row (a post missing from `posts_by_author`, or an entry whose key or row is not the post's, is
///   damage too). A damaged database is never written to, at any size, and the check costs its time once, on the
///   first change, not on every start. An open that already ran it (below), or that created the database, leaves
///   nothing to check.
/// - **Whenever SQLite reports damage** while the app runs (a read of a damaged page of the posts included),
///   ``Database`` refuses every later write, and the app stops with exit code 2.
/// - **On demand** (`--check-data`), before `--move-aside-corrupt-data` decides and before a migration writes, the
///   `integrity_check` runs at open instead, so the answer holds for the whole run.
///
/// The figures behind ``everyPageLimit`` are in the README (*The data*) and `docs/performance.md`, measured by
/// `swift run -c release benchmarks --at-size-only`.
enum DataCheck {
    /// The largest database, in pages, whose every page is checked at each open: 256 KiB, a few hundred posts
    /// (the demo database takes 11 pages). A check reads about 100 pages per millisecond on the benchmarks' machine
    /// under load, so this part of a start-up stays under about 0.6 ms; a larger database has its small tables
    /// checked at open. Either way every page and index entry is checked before the process's first write.
    static let everyPageLimit = 64

    /// How much of the database a check reads.
    enum Extent: Sendable {
        /// Every page up to ``DataCheck/everyPageLimit``; above it, every table but the posts and their likes
        /// (SQLite's `quick_check`, which leaves the index entries against their rows unchecked).
        case atOpen
        /// Every page, and every index entry against its row (SQLite's `integrity_check`), whatever the size: before
        /// the first write, before a migration, for `--check-data` and for `--move-aside-corrupt-data`.
        case everyPageAndIndex
    }

    /// The tables whose pages are checked at every open whatever the database's size: all but the two that grow
    /// with the posts.
    static let tablesAlwaysChecked = ["sqlite_schema", "accounts", "session", "restoration"]

    /// Checks the pages of the database on `connection`, reading `extent` of it; returns how many pages it has and
    /// whether every page and index entry was checked, so that nothing is left to check before a write.
    ///
    /// - Throws: ``SQLiteError/damaged(_:)`` naming the first problem SQLite found.
    @discardableResult
    static func checkPages(
        _ connection: SQLiteConnection, extent: Extent
    ) throws(SQLiteError) -> (pages: Int, checkedEveryIndexEntry: Bool) {
        let pages = try connection.pragmaInteger("page_count")
        // The header's counts: a free list longer than the file is a damaged header, whatever the pages hold.
        let freePages = try connection.pragmaInteger("freelist_count")
        guard freePages >= 0, freePages < max(pages, 1) else {
            throw .damaged("its header counts \(freePages) free pages of \(pages)")
        }
        let checks =
            switch extent {
            case .everyPageAndIndex: ["PRAGMA integrity_check"]
            case .atOpen where pages <= everyPageLimit: ["PRAGMA quick_check"]
            case .atOpen: tablesAlwaysChecked.map { "PRAGMA quick_check(\($0))" }
            }
        for check in checks {
            let findings = try connection.query(check) { $0.text(0) }
            guard findings == ["ok"] else {
                // SQLite heads its findings with "*** in database main ***"; the first real one names the damage.
                let first = findings.first { !$0.hasPrefix("***") } ?? findings.first ?? "no answer"
                let oneLine = first.split(whereSeparator: \.isNewline).joined(separator: " ")
                let checked = extent == .everyPageAndIndex ? "its pages and index entries" : "its pages"
                throw .damaged("a check of \(checked) found: \(oneLine)")
            }
        }
        return (pages, extent == .everyPageAndIndex)
    }

    /// Checks that the database on `connection` holds every table, column, index and trigger of the current
    /// schema.
    ///
    /// - Throws: ``SQLiteError/damaged(_:)`` naming what is missing.
    static func checkSchema(_ connection: SQLiteConnection) throws(SQLiteError) {
        let found = try Set(parts(of: connection))
        if let missing = expectedParts.first(where: { !found.contains($0) }) {
            throw .damaged("its \(missing) is missing")
        }
    }

    /// The parts of the current schema, as ``Schema/migrations`` build them, in the order of ``parts(of:)``.
    /// Written out so a start-up need not build a database to learn them; `DataCheckTests` holds the list to what
    /// the migrations build in an empty database, so the schema is still decided in one place.
    static let expectedParts = [
        "index posts_by_author", "index posts_by_popularity", "index posts_by_recency", "table accounts",
        "table likes", "table posts", "table restoration", "table session", "trigger likes_counted_on_delete",
        "trigger likes_counted_on_insert", "trigger likes_liker_has_account", "trigger posts_author_has_account",
        "column accounts.id", "column accounts.email",
        "column accounts.display_name", "column accounts.password_hash", "column accounts.created_at",
        "column accounts.onboarding_finished", "column accounts.latest_seen_at", "column likes.post_id",
        "column likes.email", "column posts.id", "column posts.author_email", "column posts.author_name",
        "column posts.created_at", "column posts.text", "column posts.like_count", "column restoration.singleton",
        "column restoration.record", "column session.singleton", "column session.email", "column session.created_at",
    ]

    /// The parts of the current schema read from an empty database built by the migrations: what
    /// ``expectedParts`` must say.
    static func partsBuiltByMigrations() throws(SQLiteError) -> [String] {
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
