/// The database's tables and the ordered steps that build them, one per schema version.
///
/// `PRAGMA user_version` holds the number of steps applied. A new database runs every step; an older one runs
/// the steps it lacks, in order, inside the transaction that opens it. A step is never edited once released: a
/// change is a new step at the end, tested from the version before it.
enum Schema {
    /// The version this release writes, and the newest it reads.
    static var version: Int { migrations.count }

    /// The steps, in order: `migrations[n]` takes a database from version `n` to `n + 1`.
    static let migrations: [String] = [
        // 1: accounts, the session, posts and likes.
        """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            display_name TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE TABLE session (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            email TEXT NOT NULL,
            created_at REAL NOT NULL
        );
        CREATE TABLE posts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            author_email TEXT NOT NULL,
            author_name TEXT NOT NULL,
            created_at REAL NOT NULL,
            text TEXT NOT NULL
        );
        CREATE INDEX posts_by_recency ON posts (created_at DESC, id DESC);
        CREATE TABLE likes (
            post_id INTEGER NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
            email TEXT NOT NULL,
            PRIMARY KEY (post_id, email)
        ) WITHOUT ROWID;
        """,
        // 2: a post's like count kept beside it by triggers, so Popular reads its order from an index instead of
        // counting every post's likes.
        """
        ALTER TABLE posts ADD COLUMN like_count INTEGER NOT NULL DEFAULT 0;
        UPDATE posts SET like_count = (SELECT count(*) FROM likes WHERE likes.post_id = posts.id);
        CREATE INDEX posts_by_popularity ON posts (like_count DESC, created_at DESC, id DESC);
        CREATE TRIGGER likes_counted_on_insert AFTER INSERT ON likes BEGIN
            UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
        END;
        CREATE TRIGGER likes_counted_on_delete AFTER DELETE ON likes BEGIN
            UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
        END;
        """,
        // 3: where the person is (the root coordinator's restoration record, as JSON), one row, replaced after
        // every command.
        """
        CREATE TABLE restoration (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            record TEXT NOT NULL
        );
        """,
        // 4: per account, whether the onboarding tour is finished (accounts made before this version have used the
        // app already, so they count as finished; a new account is registered unfinished) and when the person last
        // looked at Latest (the Feed tab's badge counts the posts since); the posts of one author along an index,
        // for the profile's page and count.
        """
        ALTER TABLE accounts ADD COLUMN onboarding_finished INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE accounts ADD COLUMN latest_seen_at REAL;
        CREATE INDEX posts_by_author ON posts (author_email, created_at DESC, id DESC);
        """,
        // 5: every email that wrote a post or liked one has an account, so a sign-up with that email is refused as
        // taken instead of inheriting the posts and likes. The seeded people (and an author or liker imported
        // without an account) had none: each gets an account nobody can log in to (an empty password hash), named
        // as on their newest post (a liker alone, by the part of the email before the `@`), its tour finished.
        // Triggers keep it so for every post and like stored from here on.
        """
        INSERT INTO accounts (email, display_name, password_hash, created_at)
        SELECT orphan.email, coalesce(
                (SELECT author_name FROM posts WHERE posts.author_email = orphan.email
                    ORDER BY created_at DESC, id DESC LIMIT 1),
                substr(orphan.email, 1, instr(orphan.email || '@', '@') - 1)),
            '', coalesce(
                (SELECT min(created_at) FROM posts WHERE posts.author_email = orphan.email),
                (SELECT min(posts.created_at) FROM posts JOIN likes ON likes.post_id = posts.id
                    WHERE likes.email = orphan.email),
                0)
        FROM (SELECT author_email AS email FROM posts UNION SELECT email FROM likes) AS orphan
        WHERE orphan.email NOT IN (SELECT accounts.email FROM accounts);
        CREATE TRIGGER posts_author_has_account AFTER INSERT ON posts
        WHEN NOT EXISTS (SELECT 1 FROM accounts WHERE email = NEW.author_email) BEGIN
            INSERT INTO accounts (email, display_name, password_hash, created_at)
            VALUES (NEW.author_email, NEW.author_name, '', NEW.created_at);
        END;
        CREATE TRIGGER likes_liker_has_account AFTER INSERT ON likes
        WHEN NOT EXISTS (SELECT 1 FROM accounts WHERE email = NEW.email) BEGIN
            INSERT INTO accounts (email, display_name, password_hash, created_at)
            VALUES (NEW.email, substr(NEW.email, 1, instr(NEW.email || '@', '@') - 1), '',
                coalesce((SELECT created_at FROM posts WHERE id = NEW.post_id), 0));
        END;
        """,
    ]

    /// Applies the steps from `version` up to `target` (``version`` unless a test stops earlier) and records the
    /// new version. Run it inside a transaction.
    static func migrate(_ connection: SQLiteConnection, from version: Int, to target: Int = version) throws(SQLiteError)
    {
        guard version < target else { return }
        guard version >= 0, target <= migrations.count else {
            throw .damaged("schema version \(version) is not one this app writes")
        }
        for step in migrations[version..<target] {
            try connection.execute(step)
        }
        try connection.execute("PRAGMA user_version = \(target)")
    }
}
