import AppFlows
import AppTesting
import Core
import Testing

@testable import AppTerminal

@Suite("The screen as the session shows it to the terminal: a snapshot of values")
@MainActor
struct ScreenSnapshotTests {
    @Test("A snapshot keeps what was on screen when it was taken, and a later one sees the change")
    func snapshotIsAValue() throws {
        let data = try TemporaryDataDirectory()
        let root = try AppLaunch.open(
            dataDirectory: data.path, playground: nil, fixedNow: nil, movesCorruptDataAside: false
        ).root
        let app = AppSession(root: root)
        let commands = CommandSession(session: app, style: .plain) { _ in nil }
        root.appCoordinator.start()
        defer { root.appCoordinator.stop() }
        for command in AppHarness.demoLogin.split(separator: "\n") {
            _ = commands.execute(try #require(try Command.parse(String(command))))
        }
        let onFeed = app.snapshot()
        #expect(onFeed.top?.screenID == "feed.latest")

        #expect(commands.execute(.action("post.2")) == .done(output: nil))
        let onPost = app.snapshot()
        #expect(onFeed.top?.screenID == "feed.latest", "the earlier snapshot did not change")
        #expect(onPost.top?.screenID == "feed.post")
        #expect(onPost.topNavigation?.children.map(\.screenID) == ["feed", "feed.post"])
        #expect(StateReport.screenLines(onPost).contains { $0.hasSuffix("feed.post  <- top") })
    }

    @Test("A numbered action reaches only the screen it was drawn beside, while that screen is on top")
    func numberedActionOfAScreenNoLongerOnTopIsRefused() throws {
        let data = try TemporaryDataDirectory()
        let root = try AppLaunch.open(
            dataDirectory: data.path, playground: nil, fixedNow: nil, movesCorruptDataAside: false
        ).root
        let app = AppSession(root: root)
        let commands = CommandSession(session: app, style: .plain) { _ in nil }
        root.appCoordinator.start()
        defer { root.appCoordinator.stop() }
        for command in AppHarness.demoLogin.split(separator: "\n") {
            _ = commands.execute(try #require(try Command.parse(String(command))))
        }
        let numbered = try #require(ScreenRenderer.numberedActions(in: app.snapshot()).first { $0.id == "post.2" })
        #expect(try app.performAction(numbered.id, on: numbered.screen) == .done)
        #expect(app.snapshot().top?.screenID == "feed.post")
        #expect(throws: ScreenInputError.noScreen) { try app.performAction(numbered.id, on: numbered.screen) }
        #expect(app.snapshot().top?.screenID == "feed.post", "nothing moved")
    }
}
