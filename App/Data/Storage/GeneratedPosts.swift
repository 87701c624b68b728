public import FoundationEssentials

/// Generated posts for measuring the app at size: the benchmarks fill a data directory with a million posts
/// through this, in one transaction, then drive the app over it like a person would.
public enum GeneratedPosts {
    /// Adds `count` generated posts to the database of the data directory at `path` (created, with the demo
    /// content, if needed), in one transaction with one prepared statement. They are dated one second apart,
    /// ending four days before `now`, so the demo posts stay the newest; one in ten has from one to five likes, so
    /// Popular has an order to keep.
    ///
    /// - Throws: ``DataError`` or ``SQLiteError`` as text when the directory or the database fails.
    public static func add(_ count: Int, toDataDirectoryAt path: String, now: Date) throws {
        let directory = try DataDirectory.open(path: path)
        let database = try Database.open(in: directory, now: now, timestamp: "generated", movesDamagedFilesAside: false)
            .database
        let newest = now.addingTimeInterval(-4 * 86_400)
        try database.write { connection throws(SQLiteError) in
            // The whole transaction's pages stay in memory instead of spilling to the log half-way.
            try connection.execute("PRAGMA cache_size = -1048576")
            defer { try? connection.execute("PRAGMA cache_size = -\(Database.cacheKibibytes)") }
            for index in 0..<count {
                let likes = index % 10 == 0 ? 1 + (index / 10) % 5 : 0
                let post = NewPost(
                    id: nil, authorEmail: "writer\(index % 100)@example.com", authorName: "Writer \(index % 100)",
                    createdAt: newest.addingTimeInterval(-Double(count - index)),
                    text: "Generated post number \(index), about as long as a short post usually is.",
                    likedBy: (0..<likes).map { "fan\($0)@example.com" })
                try PostStore.insert([post], into: connection)
            }
        }
    }

    /// The size in bytes of the database of the data directory at `path`, with its write-ahead log; 0 when
    /// there is none.
    public static func databaseBytes(inDataDirectoryAt path: String) -> Int {
        let database = (path.hasSuffix("/") ? path : path + "/") + Database.fileName
        return [database, database + "-wal"].reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }
}
