import Foundation
import Testing

@testable import App

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
                    guard let directory = try? DataDirectory.open(path: data.path) else { return }
                    _ = try? PostStore(directory: directory).publish(
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
        let postsPath = data.file("posts.json")
        let input = LineByLineInput(
            ["set email demo@example.com", "set password demo-password", "login", "post.1", "like", "state"],
            beforeLine: [5: { Self.deletePost(id: "1", from: postsPath) }])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path, "--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 5: This post no longer exists.\n")
        #expect(run.lastState?.top == "feed.post")
    }

    /// Removes the post `id` from the posts file, as another process could.
    private static func deletePost(id: String, from path: String) {
        guard let contents = FileManager.default.contents(atPath: path),
            var document = try? JSONSerialization.jsonObject(with: contents) as? [String: Any],
            let posts = document["posts"] as? [[String: Any]]
        else { return }
        document["posts"] = posts.filter { $0["id"] as? String != id }
        guard let updated = try? JSONSerialization.data(withJSONObject: document) else { return }
        try? updated.write(to: URL(fileURLWithPath: path))
    }
}
