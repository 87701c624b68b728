import AppData
import AppFlows
import AppInterface
import AppTesting
import Core
import Testing

/// The composed app on a window whose transitions take time, as the full screen runs it: a push moves until the
/// front end moves the clock on, and the link opened at the start lands before anything is drawn.
@Suite("The session on a clock that takes time: transitions move until the front end moves them on")
@MainActor
struct MotionFlowTests {
    /// The app over `data`, its window on `clock`, with the demo account's session saved.
    private static func session(_ data: InMemoryData, clock: ManualClock) async throws -> FlowSession {
        #expect(await data.run(AppHarness.demoLogin).status == 0)
        let root = try CompositionRoot(
            data: data.store, clock: AppClock(fixedNow: AppHarness.fixedNow), transitions: .manual(clock))
        return FlowSession(root: root)
    }

    @Test("A post opened from the feed moves until the clock is moved on by the transition's duration")
    func pushMovesUntilTheClockIsMovedOn() async throws {
        let clock = ManualClock()
        let app = try await Self.session(InMemoryData(), clock: clock)
        defer { app.stop() }
        #expect(await app.start(restores: false, initialLink: nil) == .started(notice: nil, linkFailure: nil))
        #expect(app.transitionsTakeTime)
        #expect(!app.isMoving)

        #expect(await app.send(.action("post.2")) == nil)
        #expect(app.isMoving)
        #expect(app.snapshot().transitions.first?.arrivingIDs == ["feed.post"])
        app.advanceTransitions(by: Window.transitionDuration / 2)
        #expect(app.isMoving)
        app.advanceTransitions(by: Window.transitionDuration / 2)
        #expect(!app.isMoving)
        #expect(app.snapshot().top?.screenID == "feed.post")
    }

    @Test("The link opened at the start lands before anything is drawn: nothing moves once the start returns")
    func linkAtTheStartLands() async throws {
        let clock = ManualClock()
        let app = try await Self.session(InMemoryData(), clock: clock)
        defer { app.stop() }

        let start = await app.start(restores: false, initialLink: "app://feed/post/2")

        #expect(start == .started(notice: nil, linkFailure: nil))
        #expect(!app.isMoving)
        #expect(app.snapshot().top?.screenID == "feed.post")
    }

    @Test("Awaited on a clock that takes time, a link to another post while one is open replaces it in one transition")
    func linkReplacesTheOpenPostInOneTransition() async throws {
        let clock = ManualClock()
        let app = try await Self.session(InMemoryData(), clock: clock)
        defer { app.stop() }
        #expect(
            await app.start(restores: false, initialLink: "app://feed/post/2")
                == .started(notice: nil, linkFailure: nil))
        var transitions: [TransitionInfo.Kind] = []
        var answer: String??
        let link = Task { @MainActor in answer = await app.open("app://feed/post/3") }

        // Bounded, so a link that never ends fails the test instead of hanging it.
        for _ in 0..<1_000 where answer == nil {
            await Task.yield()
            transitions += app.snapshot().transitions.map(\.kind)
            app.advanceTransitions(by: Window.transitionDuration)
        }
        try #require(answer != nil, "the link did not end within 1,000 turns")
        await link.value

        #expect(answer == .some(nil))
        #expect(transitions.count == 1, "\(transitions)")
        let shown = app.snapshot().top?.content.elements ?? []
        #expect(shown.contains(.text("Swipe a sheet down and its coordinator is released too.")))
    }
}
