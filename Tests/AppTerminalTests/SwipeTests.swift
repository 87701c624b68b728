import AppInterface
import AppStandIn
import Core
import TerminalTesting
import Testing

@Suite("Held swipes in the line mode: begun, moved, released, and what may run meanwhile")
@MainActor
struct SwipeTests {
    @Test("A held swipe lets only looking and release through; released below half way it cancels")
    func heldSwipeCancels() async throws {
        let app = try StandIn.app()
        let run = await app.run(
            ScriptErrorTests.signIn + "item.1\nswipe back 0.3\nstate\nitem.2\nback\nrelease\nstate\n",
            arguments: ["--keep-going"])
        let refusal = "a swipe is held; 'release' it first (state, tree, screen and help still work)"
        #expect(run.error == "line 7: \(refusal)\nline 8: \(refusal)\n")
        #expect(run.output.contains(#""gesture":"swipeBack","held":true"#))
        #expect(run.lastState?.top == "item", "the cancelled swipe moved nothing")
        #expect(
            app.session.inputs.suffix(2) == [.swipe(.swipeBack, progress: 0.3), .releaseGesture])
    }

    @Test("At a terminal the held swipe is told above the prompt, and a cancelling release says it moved nothing")
    func heldSwipeTold() async throws {
        let run = try await StandIn.app().run(
            ScriptErrorTests.signIn + "item.1\nswipe back 0.3\nrelease\n", environment: ["NO_COLOR": "1"],
            interactive: true)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Swipe back held at 30% · release cancels it · state, tree, screen and help"))
        #expect(run.output.contains("Released below half way: the swipe back was cancelled and nothing moved.\n"))
    }

    @Test("A swipe down released past half way dismisses the sheet; with nothing presented it is refused")
    func swipeDownFinishes() async throws {
        let run = try await StandIn.app().run(
            ScriptErrorTests.signIn + "compose\nswipe down 0.7\nrelease\nstate\nswipe down 0.5\n",
            arguments: ["--keep-going"])
        #expect(run.lastState?.presented == [] && run.lastState?.top == "home")
        #expect(run.error == "line 8: there is nothing to dismiss\n")
    }
}
