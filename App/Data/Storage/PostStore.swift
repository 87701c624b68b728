import FoundationEssentials
import InputRules

/// Posts and likes in the database. Safe to use from any thread and any process.
///
/// Lists are read a page at a time along an index (keyset paging: a page starts after the last post shown), so a
/// page costs the same with four posts or a million; no call reads every post.
struct PostStore: Sendable {
    /// The database holding the posts.
    let database: Database

    /// At most `limit` posts in `order`, as `reader` sees them: the first ones, or those after the post `afterID`.
    /// A post `afterID` that no longer exists ends the list.
    func page(
        _ order: PostOrder, after afterID: String?, limit: Int, reader: String
    ) throws(DataError) -> [PostRecord] {
        let limit = Int64(max(0, limit))
        let reader = EmailAddress.normalized(reader)
        return try database.read { connection throws(SQLiteError) -> [PostRecord] in
            guard let afterID else {
                return try connection.query(
                    Self.select + " ORDER BY \(order.orderBy) LIMIT ?2", [.text(reader), .integer(limit)],
                    row: Self.record)
            }
            // The position of the last post shown, read first so the page is one range scan of the order's index.
            guard let id = PostID.number(afterID),
                let cursor = try connection.query(
                    "SELECT \(order.columns) FROM posts WHERE id = ?1", [.integer(id)],
                    row: order.position
                ).first
            else { return [] }
            let placeholders = (0..<cursor.count).map { "?\($0 + 3)" }.joined(separator: ", ")
            return try connection.query(
                Self.select + " WHERE (\(order.columns)) < (\(placeholders)) ORDER BY \(order.orderBy) LIMIT ?2",
                [.text(reader), .integer(limit)] + cursor, row: Self.record)
        }
    }

    /// At most `limit` posts written by `author`, newest first (ties: the later id first), as `reader` sees them: the
    /// first ones, or those after the post `afterID`, read along `posts_by_author`. A post `afterID` that no
    /// longer exists, or is not by `author`, ends the list.
    func page(by author: String, after afterID: String?, limit: Int, reader: String) throws(DataError) -> [PostRecord] {
        let limit = Int64(max(0, limit))
        let author = EmailAddress.normalized(author)
        let reader = EmailAddress.normalized(reader)
        return try database.read { connection throws(SQLiteError) -> [PostRecord] in
            guard let afterID else {
                return try connection.query(
                    Self.select + " WHERE author_email = ?3 ORDER BY created_at DESC, id DESC LIMIT ?2",
                    [.text(reader), .integer(limit), .text(author)], row: Self.record)
            }
            guard let id = Int64(afterID),
                let cursor = try connection.query(
                    "SELECT created_at FROM posts WHERE id = ?1 AND author_email = ?2", [.integer(id), .text(author)],
                    row: { $0.real(0) }
                ).first
            else { return [] }
            return try connection.query(
                Self.select
                    + " WHERE author_email = ?3 AND (created_at, id) < (?4, ?5) ORDER BY created_at DESC, id DESC LIMIT ?2",
                [.text(reader), .integer(limit), .text(author), .real(cursor), .integer(id)], row: Self.record)
        }
    }

    /// The post `id` as `reader` sees it, if any.
    func post(id: String, reader: String) throws(DataError) -> PostRecord? {
        guard let number = PostID.number(id) else { return nil }
        let reader = EmailAddress.normalized(reader)
        return try database.read { connection throws(SQLiteError) in
            try Self.post(id: number, reader: reader, in: connection)
        }
    }

    /// Adds a post, in one transaction, and returns it with the id the database gave it. The text obeys
    /// ``PostText`` and is stored normalized.
    func publish(text: String, authorEmail: String, authorName: String, now: Date) throws(PostFailure) -> PostRecord {
        if let problem = PostText.problem(text) { throw .invalid(problem) }
        let record = PostRecord(
            id: 0, authorEmail: EmailAddress.normalized(authorEmail), authorName: authorName, createdAt: now,
            text: PostText.normalized(text), likeCount: 0, isLikedByReader: false)
        do {
            let (id, name) = try database.write { connection throws(SQLiteError) -> (Int64, String) in
                // The author's name as stored now (renamed since the caller read it, perhaps in another process).
                let name =
                    try connection.query(
                        "SELECT display_name FROM accounts WHERE email = ?1", [.text(record.authorEmail)],
                        row: { $0.text(0) }
                    ).first ?? record.authorName
                try connection.run(
                    "INSERT INTO posts (author_email, author_name, created_at, text) VALUES (?1, ?2, ?3, ?4)",
                    [.text(record.authorEmail), .text(name), .real(now.timeIntervalSince1970), .text(record.text)])
                return (connection.lastInsertedRowID, name)
            }
            var published = record
            published.id = id
            published.authorName = name
            return published
        } catch {
            throw .data(error.dataError(path: database.path))
        }
    }

    /// Makes `email` like the post (`isLiked`) or not, whatever it was before, in one transaction, and returns the
    /// post as it is stored now, as `email` sees it. Setting twice is the same as setting once.
    func setLike(_ isLiked: Bool, postID: String, email: String) throws(PostFailure) -> PostRecord {
        guard let id = PostID.number(postID) else { throw .notFound(postID) }
        let email = EmailAddress.normalized(email)
        let record: PostRecord?
        do {
            record = try database.write { connection throws(SQLiteError) -> PostRecord? in
                guard try Self.post(id: id, reader: email, in: connection) != nil else { return nil }
                try connection.run(
                    isLiked
                        ? "INSERT OR IGNORE INTO likes (post_id, email) VALUES (?1, ?2)"
                        : "DELETE FROM likes WHERE post_id = ?1 AND email = ?2",
                    [.integer(id), .text(email)])
                return try Self.post(id: id, reader: email, in: connection)
            }
        } catch {
            throw .data(error.dataError(path: database.path))
        }
        guard let record else { throw .notFound(postID) }
        return record
    }

    /// Inserts `posts` with their likes, inside the caller's transaction: the demo posts, imported posts, and the
    /// benchmarks' millions (one prepared statement, reused). A post keeps its `id` when it has one not yet taken.
    /// Emails are stored normalized; an author or liker without an account gets one nobody can log in to (the
    /// schema's triggers), so a later sign-up with that email is refused as taken.
    /// The largest id an imported post keeps (2⁵³, the largest integer every JSON reader reads exactly).
    static let largestKeptID: Int64 = 1 << 53

    static func insert(_ posts: [NewPost], into connection: SQLiteConnection) throws(SQLiteError) {
        var stored: [(id: Int64, likers: [String])] = []
        // Posts with an id first, so an id the database picks for the others cannot take one of theirs.
        for post in posts.filter({ $0.id != nil }) + posts.filter({ $0.id == nil }) {
            // An id from the old files is kept only if it leaves room for every id after it: a damaged counter
            // near the largest id would leave the database no id to give the next post.
            var id = post.id.flatMap { (1...largestKeptID).contains($0) ? $0 : nil }
            if let wanted = id,
                try !connection.query("SELECT 1 FROM posts WHERE id = ?1", [.integer(wanted)], row: { _ in () }).isEmpty
            {
                id = nil
            }
            try connection.run(
                "INSERT INTO posts (id, author_email, author_name, created_at, text) VALUES (?1, ?2, ?3, ?4, ?5)",
                [
                    id.map(SQLiteValue.integer) ?? .null, .text(EmailAddress.normalized(post.authorEmail)),
                    .text(post.authorName),
                    .real(post.createdAt.timeIntervalSince1970), .text(post.text),
                ])
            stored.append((connection.lastInsertedRowID, post.likedBy))
        }
        // The likes after every post, so an author who also likes gets an account named as on their posts.
        for (id, likers) in stored {
            for email in likers {
                try connection.run(
                    "INSERT OR IGNORE INTO likes (post_id, email) VALUES (?1, ?2)",
                    [.integer(id), .text(EmailAddress.normalized(email))])
            }
        }
    }

    // MARK: - Rows

    /// The columns of a ``PostRecord``; `?1` is the reader's email.
    private static let select = """
        SELECT id, author_email, author_name, created_at, text, like_count,
            EXISTS (SELECT 1 FROM likes WHERE likes.post_id = posts.id AND likes.email = ?1)
        FROM posts
        """

    private static func post(
        id: Int64, reader: String, in connection: SQLiteConnection
    ) throws(SQLiteError)
        -> PostRecord?
    {
        try connection.query(select + " WHERE id = ?2", [.text(reader), .integer(id)], row: record).first
    }

    private static func record(_ row: SQLiteRow) -> PostRecord {
        PostRecord(
            id: row.integer(0), authorEmail: row.text(1), authorName: row.text(2),
            createdAt: Date(timeIntervalSince1970: row.real(3)), text: row.text(4), likeCount: Int(row.integer(5)),
            isLikedByReader: row.integer(6) != 0)
    }
}

extension PostOrder {
    /// The columns the order sorts by, all descending, as an index of `posts` holds them.
    fileprivate var columns: String {
        switch self {
        case .latest: "created_at, id"
        case .popular: "like_count, created_at, id"
        }
    }

    /// The `ORDER BY` clause.
    fileprivate var orderBy: String {
        switch self {
        case .latest: "created_at DESC, id DESC"
        case .popular: "like_count DESC, created_at DESC, id DESC"
        }
    }

    /// A post's position in the order: the values of ``columns`` in `row`.
    fileprivate func position(_ row: SQLiteRow) -> [SQLiteValue] {
        switch self {
        case .latest: [.real(row.real(0)), .integer(row.integer(1))]
        case .popular: [.integer(row.integer(0)), .real(row.real(1)), .integer(row.integer(2))]
        }
    }
}
