import DataTesting
import Foundation
import Testing

@testable import AppData

/// Two processes on one data folder, each with its own ``LiveDataStore`` (or another program writing the file):
/// what one stores is what the other reads next, and a like is set to a state, never toggled.
@Suite("Data shared with another process")
@MainActor
struct SharedDataTests {
    @Test("A post published by another process is in the next page of either order")
    func postFromElsewhereAppears() async throws {
        let data = try TemporaryDataDirectory()
        let mine = try data.store()
        let elsewhere = try data.store()
        #expect(try mine.logIn(email: Demo.email, password: Demo.password) != nil)
        let before = try mine.page(.popular, after: nil, limit: 20, reader: Demo.email)
        #expect(!before.contains { $0.text == "Written elsewhere" })
        let written = try elsewhere.publish(
            text: "Written elsewhere", authorEmail: "grace@example.com", authorName: "Grace")
        for order in [PostOrder.popular, .latest] {
            let page = try mine.page(order, after: nil, limit: 20, reader: Demo.email)
            #expect(page.filter { $0.text == "Written elsewhere" }.map(\.id) == [written.id], "\(order)")
        }
        #expect(try mine.post(id: String(written.id), reader: Demo.email)?.authorName == "Grace")
    }

    @Test("A display name another process saves is the one the session's account and the summary read next")
    func renamedElsewhere() async throws {
        let data = try TemporaryDataDirectory()
        let mine = try data.store()
        #expect(try mine.logIn(email: Demo.email, password: Demo.password)?.displayName == "Demo")
        try data.sql("UPDATE accounts SET display_name = 'Renamed Elsewhere' WHERE email = 'demo@example.com'")
        #expect(try mine.savedSessionAccount()?.displayName == "Renamed Elsewhere")
        #expect(try mine.summary(email: Demo.email)?.displayName == "Renamed Elsewhere")
        #expect(try data.store().rename(email: Demo.email, to: "Again") == "Again")
        #expect(try mine.savedSessionAccount()?.displayName == "Again")
    }

    @Test("Liking a post another process deleted says there is no such post, and is not a data error")
    func likeDeletedPost() async throws {
        let data = try TemporaryDataDirectory()
        let mine = try data.store()
        #expect(try mine.post(id: "1", reader: Demo.email) != nil)
        try data.sql("DELETE FROM likes WHERE post_id = 1; DELETE FROM posts WHERE id = 1")
        #expect(throws: PostFailure.notFound("1")) { try mine.setLike(true, postID: "1", email: Demo.email) }
        #expect(mine.fatalDataError == nil)
        #expect(try data.count("SELECT count(*) FROM likes WHERE post_id = 1") == 0)
    }

    @Test("A like is a state: setting what a stale screen shows stores it, and returns what is stored")
    func likeFromStaleScreen() async throws {
        let data = try TemporaryDataDirectory()
        let mine = try data.store()
        let elsewhere = try data.store()
        // The demo account likes post 2; another process takes the like back while this one still shows it.
        let shown = try #require(try mine.post(id: "2", reader: Demo.email))
        #expect(shown.likeCount == 3 && shown.isLikedByReader)
        _ = try elsewhere.setLike(false, postID: "2", email: Demo.email)
        // "Unlike" asks for not liked, which is already stored: a toggle would have liked it again.
        let after = try mine.setLike(false, postID: "2", email: Demo.email)
        #expect(after.likeCount == 2 && !after.isLikedByReader)
        #expect(try data.count("SELECT count(*) FROM likes WHERE post_id = 2 AND email = 'demo@example.com'") == 0)
    }

    @Test("Setting a like twice stores it once; setting it off twice removes it once")
    func likeIsIdempotent() async throws {
        let data = try TemporaryDataDirectory()
        let posts = PostStore(database: try data.database())
        #expect(try posts.setLike(true, postID: "4", email: "Ann@Example.com").likeCount == 1)
        let twice = try posts.setLike(true, postID: "4", email: "ann@example.com")
        #expect(twice.likeCount == 1 && twice.isLikedByReader)
        #expect(try posts.setLike(false, postID: "4", email: "ann@example.com").likeCount == 0)
        let off = try posts.setLike(false, postID: "4", email: "ann@example.com")
        #expect(off.likeCount == 0 && !off.isLikedByReader)
        #expect(throws: PostFailure.notFound("99")) { try posts.setLike(true, postID: "99", email: "a@b.co") }
    }
}
