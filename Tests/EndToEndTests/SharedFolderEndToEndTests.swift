import AppTesting
import Foundation
import Testing

/// The whole app over a data folder another program writes between two of its commands: what the other one
/// stored is what the app's next screen or state shows. In process, with the other program's writes made directly
/// on the database file; the data's own tests hold two stores over one folder to the same rules.
@Suite("The app over a data folder another process changes")
@MainActor
struct SharedFolderEndToEndTests {
    @Test("A post and a new display name stored elsewhere show at the next list shown and the next state")
    func changesFromElsewhereShow() async throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            [
                "set email demo@example.com", "set password demo-password", "login", "state", "screen", "popular",
                "screen", "state",
            ],
            beforeLine: [
                6: {
                    _ = try? data.sql(
                        """
                        INSERT INTO posts (author_email, author_name, created_at, text)
                        VALUES ('grace@example.com', 'Grace', 1795262400, 'Written elsewhere')
                        """)
                },
                8: {
                    _ = try? data.sql(
                        "UPDATE accounts SET display_name = 'Renamed Elsewhere' WHERE email = 'demo@example.com'")
                },
            ])
        let run = await AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.components(separatedBy: "Written elsewhere").count == 2, "shown only after the switch")
        #expect(run.states.map(\.user) == ["Demo", "Renamed Elsewhere"], "\(run.output)")
    }

    @Test("A like is a state against a stale screen, and liking a post deleted elsewhere says it no longer exists")
    func likesAgainstChangesFromElsewhere() async throws {
        let data = try TemporaryDataDirectory()
        // The demo account likes post 2; another process takes the like back while this screen still shows it,
        // then deletes post 1 while the list still shows it.
        let input = LineByLineInput(
            [
                "set email demo@example.com", "set password demo-password", "login", "post.2", "screen", "unlike",
                "screen", "back", "post.1", "like", "state",
            ],
            beforeLine: [
                6: { _ = try? data.sql("DELETE FROM likes WHERE post_id = 2 AND email = 'demo@example.com'") },
                10: { _ = try? data.sql("DELETE FROM likes WHERE post_id = 1; DELETE FROM posts WHERE id = 1") },
            ])
        let run = await AppHarness.run(input: input, arguments: ["--data-dir", data.path, "--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 10: This post no longer exists.\n")
        #expect(run.lastState?.top == "feed.post")
        let screens = run.output.components(separatedBy: "Post\n====")
        try #require(screens.count == 3)
        #expect(screens[1].contains("3 likes") && screens[1].contains("Unlike (unlike)"))
        // "Unlike" asked for not liked, which is already stored: a toggle would have liked it again.
        #expect(screens[2].contains("2 likes") && screens[2].contains("[1] Like (like)"))
        #expect(try data.count("SELECT count(*) FROM likes WHERE post_id = 2 AND email = 'demo@example.com'") == 0)
    }

    @Test("A data file removed between two commands stops the app at the next one, exit 2, the move saved nowhere")
    func dataFileRemovedBetweenCommands() async throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            ["set email demo@example.com", "set password demo-password", "login", "popular", "latest", "state"],
            beforeLine: [
                5: {
                    for name in ["app.sqlite", "app.sqlite-wal", "app.sqlite-shm"] {
                        try? FileManager.default.removeItem(atPath: data.file(name))
                    }
                }
            ])
        let run = await AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 2, "\(run.error)")
        #expect(
            run.error.hasPrefix(
                "line 5: the data file \(data.databasePath) was removed or replaced while the app ran: nothing more is "
                    + "written to it"), "\(run.error)")
        #expect(run.states.isEmpty, "the line after it never ran")
        #expect(!FileManager.default.fileExists(atPath: data.databasePath), "nothing made a new file in its place")
    }
}
