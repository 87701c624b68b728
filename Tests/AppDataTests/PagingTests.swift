import AppTesting
import Foundation
import Testing

@testable import AppData

@Suite("Lists a page at a time")
@MainActor
struct PagingTests {
    /// A data directory with the demo posts and `count` more, one a minute, liked by `likes(index)` accounts.
    private static func directory(posts count: Int, likes: (Int) -> Int = { _ in 0 }) throws -> TemporaryDataDirectory {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        let start = try #require(ISO8601DateFormatter().date(from: "2025-12-01T00:00:00Z"))
        try database.write { connection throws(SQLiteError) in
            try PostStore.insert(
                (0..<count).map { index in
                    NewPost(
                        id: nil, authorEmail: "p@example.com", authorName: "P", createdAt: start + Double(index) * 60,
                        text: "post \(index)", likedBy: (0..<likes(index)).map { "fan\($0)@example.com" })
                }, into: connection)
        }
        return data
    }

    @Test("Latest shows the newest 20 posts and `more`; each `more` adds the next 20, until none is left")
    func latestPages() throws {
        let data = try Self.directory(posts: 41)
        let run = data.run(AppHarness.demoLogin + "screen\nmore\nscreen\nmore\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        let screens: [String] = Array(run.output.components(separatedBy: "Feed\n====").dropFirst())
        try #require(screens.count == 3)
        // The four demo posts are the newest (the fixed clock is later than the seeded posts).
        #expect(Self.rows(screens[0]).count == 20 && screens[0].contains("Load more (more)"))
        #expect(Self.rows(screens[1]).count == 40 && screens[1].contains("Load more (more)"))
        #expect(Self.rows(screens[2]).count == 45 && !screens[2].contains("Load more"))
        let seeded: [String] = (5..<46).reversed().map { String($0) }
        #expect(Self.rows(screens[2]) == ["4", "3", "2", "1"] + seeded)
    }

    @Test("Popular orders by likes, then by recency, page after page")
    func popularPages() throws {
        let data = try Self.directory(posts: 30) { index in index % 3 }
        let run = data.run(AppHarness.demoLogin + "popular\nmore\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        let shown = Self.rows(run.output)
        #expect(shown.count == 34)
        let stored = try data.sql("SELECT id FROM posts ORDER BY like_count DESC, created_at DESC, id DESC")
        #expect(shown == stored)
        #expect(Array(shown.prefix(2)) == ["2", "1"], "three and two likes come first")
    }

    @Test("A page after a post starts right after it, and a post that no longer exists ends the list")
    func pageAfter() throws {
        let data = try Self.directory(posts: 10)
        let posts = PostStore(database: try data.database())
        let first = try posts.page(.latest, after: nil, limit: 3, reader: "demo@example.com")
        #expect(first.map(\.id) == [4, 3, 2])
        let next = try posts.page(.latest, after: "2", limit: 3, reader: "demo@example.com")
        #expect(next.map(\.id) == [1, 14, 13])
        #expect(try posts.page(.popular, after: "999", limit: 3, reader: "demo@example.com").isEmpty)
        #expect(try posts.page(.latest, after: "not a number", limit: 3, reader: "demo@example.com").isEmpty)
    }

    @Test("Posts published at the same moment are paged by id, none shown twice or skipped")
    func sameMoment() throws {
        let data = try TemporaryDataDirectory()
        let posts = PostStore(database: try data.database())
        let moment = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<25 {
            _ = try posts.publish(text: "tie \(index)", authorEmail: "t@x.co", authorName: "T", now: moment)
        }
        var shown: [Int64] = []
        var after: String?
        repeat {
            let page = try posts.page(.popular, after: after, limit: 7, reader: "t@x.co")
            shown += page.map(\.id)
            after = page.last.map { String($0.id) }
        } while after != nil
        #expect(shown.count == 29 && Set(shown).count == 29)
        let ties = shown.filter { $0 > 4 }
        #expect(ties == ties.sorted(by: >))
    }

    /// The post ids of the rows drawn in `screen`, in order.
    private static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "(post."), line.hasSuffix(")") else { return nil }
            return String(line[start.upperBound..<line.index(before: line.endIndex)])
        }
    }
}
