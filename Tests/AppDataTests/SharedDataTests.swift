import AppTesting
import Foundation
import Testing

@testable import AppData

@Suite("Data shared with another process")
@MainActor
struct SharedDataTests {
    @Test("A post published by another process appears when its list is shown again")
    func postFromElsewhereAppears() throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            ["set email demo@example.com", "set password demo-password", "login", "screen", "popular", "screen"],
            beforeLine: [
                5: {
                    guard let database = try? data.database() else { return }
                    _ = try? PostStore(database: database).publish(
                        text: "Written elsewhere", authorEmail: "grace@example.com", authorName: "Grace",
                        now: Date(timeIntervalSince1970: 1_795_262_400))
                }
            ])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.components(separatedBy: "Written elsewhere").count == 2, "shown only after the switch")
    }

    @Test("Liking a post another process deleted says it no longer exists")
    func likeDeletedPost() throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            ["set email demo@example.com", "set password demo-password", "login", "post.1", "like", "state"],
            beforeLine: [
                5: { _ = try? data.sql("DELETE FROM likes WHERE post_id = 1; DELETE FROM posts WHERE id = 1") }
            ])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path, "--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 5: This post no longer exists.\n")
        #expect(run.lastState?.top == "feed.post")
    }

    @Test("A like is a state: a stale screen's tap sets what it shows, and then shows what is stored")
    func likeFromStaleScreen() throws {
        let data = try TemporaryDataDirectory()
        // The demo account likes post 2; another process takes the like back while this screen still shows it.
        let input = LineByLineInput(
            [
                "set email demo@example.com", "set password demo-password", "login", "post.2", "screen", "unlike",
                "screen",
            ],
            beforeLine: [
                6: {
                    guard let database = try? data.database() else { return }
                    _ = try? PostStore(database: database).setLike(false, postID: "2", email: "demo@example.com")
                }
            ])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.error)")
        let screens = run.output.components(separatedBy: "Post\n====")
        try #require(screens.count == 3)
        #expect(screens[1].contains("3 likes") && screens[1].contains("Unlike (unlike)"))
        // "Unlike" asked for not liked, which is already stored: a toggle would have liked it again.
        #expect(screens[2].contains("2 likes") && screens[2].contains("[1] Like (like)"))
        #expect(try data.count("SELECT count(*) FROM likes WHERE post_id = 2 AND email = 'demo@example.com'") == 0)
    }

    @Test("Setting a like twice stores it once; setting it off twice removes it once")
    func likeIsIdempotent() throws {
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
