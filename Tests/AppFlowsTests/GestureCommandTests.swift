import AppTesting
import Foundation
import Testing

/// The `transition` key of one `state` line, read as JSON.
private struct TransitionState: Equatable {
    let gesture: String?
    let progress: Double
    let held: Bool
    let leaving: [String]
    let arriving: [String]

    /// The transitions of every `state` line of `output`, in order; `nil` where `transition` is null.
    static func all(in output: String) -> [TransitionState?] {
        output.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let transition = object["transition"] as? [String: Any],
                let progress = transition["progress"] as? Double,
                let held = transition["held"] as? Bool,
                let leaving = transition["leaving"] as? [String],
                let arriving = transition["arriving"] as? [String]
            else { return nil }
            return TransitionState(
                gesture: transition["gesture"] as? String, progress: progress, held: held, leaving: leaving,
                arriving: arriving)
        }
    }
}

@Suite("Held swipes from the command line")
@MainActor
struct GestureCommandTests {
    @Test("At a terminal the line mode says a swipe is held and what release will do, and that a release cancelled it")
    func lineModeShowsTheHeldSwipe() async throws {
        let data = InMemoryData()
        let lines = (AppHarness.demoLogin + "post.1\nswipe back 0.3\nrelease\nquit\n").split(separator: "\n")
        let run = await data.run(input: TerminalKeystrokes(lines.map { $0 + "\n" }))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Swipe back held at 30% · release cancels it"))
        #expect(run.output.contains("Released below half way: the swipe back was cancelled and nothing moved."))
        let scripted = await data.run(AppHarness.demoLogin + "post.1\nswipe back 0.3\nrelease\n")
        #expect(
            !scripted.output.contains("held at") && !scripted.output.contains("Released"), "a script prints nothing")
    }

    @Test("A swipe back held at 0.3 shows in state, refuses other commands, and cancels on release")
    func cancelledSwipeBack() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "post.1\nswipe back 0.3\nstate\nback\nlatest\ntree\nrelease\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.status == 1, "the refused commands fail the script")
        #expect(
            run.error == """
                line 7: a swipe is held; 'release' it first (state, tree, screen and help still work)
                line 8: a swipe is held; 'release' it first (state, tree, screen and help still work)

                """)
        let transitions = TransitionState.all(in: run.output)
        #expect(
            transitions == [
                TransitionState(
                    gesture: "swipeBack", progress: 0.3, held: true, leaving: ["feed.post"],
                    arriving: ["feed", "feed.latest"]),
                nil,
            ])
        #expect(run.states.map(\.top) == ["feed.post", "feed.post"])
        #expect(
            run.lastState?.coordinators.allNames.contains("feed.post") == true, "a cancel detaches nothing")
    }

    @Test("A swipe back released at 0.5 or more finishes: the post's coordinator leaves with its screen")
    func finishedSwipeBack() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "post.1\nswipe back 0.5\nrelease\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "feed.latest")
        #expect(run.lastState?.coordinators.allNames.contains("feed.post") == false)
        #expect(TransitionState.all(in: run.output) == [nil])
    }

    @Test("A swipe down of the compose sheet held and released below half way keeps the sheet")
    func cancelledSwipeDown() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "compose\nswipe down 0.49\nstate\nrelease\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let transitions = TransitionState.all(in: run.output)
        #expect(
            transitions == [
                TransitionState(
                    gesture: "swipeDown", progress: 0.49, held: true, leaving: ["feed.compose"], arriving: []),
                nil,
            ])
        #expect(run.lastState?.presented == ["feed.compose"])
    }

    @Test(
        "A bad swipe is a usage error, and a release with nothing held is refused",
        arguments: [
            ("swipe back", "usage: swipe back|down|next|previous <progress from 0 to 1>"),
            ("swipe sideways 0.5", "usage: swipe back|down|next|previous <progress from 0 to 1>"),
            ("swipe back 1.5", "a swipe's progress is a number from 0 to 1, not '1.5'"),
            ("swipe back nan", "a swipe's progress is a number from 0 to 1, not 'nan'"),
            ("release", "no gesture is in progress"),
            ("swipe back 0.5", "there is nothing to go back to"),
        ])
    func refusals(line: String, message: String) async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + line + "\n")
        #expect(run.status == 1)
        #expect(run.error == "line 4: \(message)\n")
    }

    @Test("The tour's pages turn with page next and previous, and with a held page swipe, finished or cancelled")
    func tourPagesTurn() async throws {
        let tour = InMemoryData()
        let run = await tour.run(
            AppHarness.signUp("Pat")
                + "state\npage next\nstate\nswipe next 0.7\nstate\nrelease\nstate\nswipe previous 0.2\nrelease\n"
                + "state\npage previous\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.states.map(\.top) == [
                "onboarding.welcome", "onboarding.tabs", "onboarding.tabs", "onboarding.gestures",
                "onboarding.gestures", "onboarding.tabs",
            ])
        #expect(TransitionState.all(in: run.output)[2]?.gesture == "swipePage")

        let edge = await InMemoryData().run(AppHarness.signUp("Pia") + "page previous\n")
        #expect(edge.status == 1)
        #expect(edge.error.hasSuffix("there is no page that way\n"))
    }
}
