import DataTesting
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

    /// Every page of `order` of at most `limit` posts, each after the last post of the page before, until an
    /// empty one.
    private static func pages(
        _ order: PostOrder, limit: Int, of store: LiveDataStore
    ) throws -> [[String]] {
        var pages: [[String]] = []
        var after: String?
        while true {
            let page = try store.page(order, after: after, limit: limit, reader: Demo.email).map { String($0.id) }
            pages.append(page)
            guard let last = page.last else { return pages }
            after = last
        }
    }

    @Test("Latest comes 20 posts at a time, newest first, each page right after the last, until none is left")
    func latestPages() async throws {
        let data = try Self.directory(posts: 41)
        let pages = try Self.pages(.latest, limit: 20, of: data.store())
        #expect(pages.map(\.count) == [20, 20, 5, 0])
        // The four demo posts are the newest (the fixed clock is later than the added posts).
        let seeded: [String] = (5..<46).reversed().map { String($0) }
        #expect(pages.flatMap { $0 } == ["4", "3", "2", "1"] + seeded)
    }

    @Test("Popular orders by likes, then by recency, page after page")
    func popularPages() async throws {
        let data = try Self.directory(posts: 30) { index in index % 3 }
        let pages = try Self.pages(.popular, limit: 20, of: data.store())
        #expect(pages.map(\.count) == [20, 14, 0])
        let stored = try data.sql("SELECT id FROM posts ORDER BY like_count DESC, created_at DESC, id DESC")
        #expect(pages.flatMap { $0 } == stored)
        #expect(Array(stored.prefix(2)) == ["2", "1"], "three and two likes come first")
    }

    @Test("A page after a post starts right after it, and a post that no longer exists ends the list")
    func pageAfter() async throws {
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
    func sameMoment() async throws {
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
}
