import Core
import Testing

/// FlowStacks' `calculateSteps` cases (CalculateStepsTests), with the same start and end, and the steps UIKit
/// allows instead of SwiftUI's: screens pushed together in one step, a whole presentation chain dismissed at once,
/// and places compared by identity (FlowStacks updates a screen's content in place, which a UIKit screen cannot).
/// FlowStacks' sheet is `.pageSheet` here, its cover `.fullScreen`.
@Suite("Planning a path: FlowStacks' cases")
struct FlowStacksCasesTests {
    private func plan(_ start: [NavigationPath.Route], _ end: [NavigationPath.Route]) -> [NavigationStep] {
        NavigationPlan(from: NavigationPath(start), to: NavigationPath(end)).steps
    }

    @Test("Push one at a time: the three screens are pushed together")
    func pushOneAtATime() {
        #expect(plan([], [.push("-2"), .push("-3"), .push("-4")]) == [.push(["-2", "-3", "-4"])])
    }

    @Test("Pop all at once: one pop to the root")
    func popAllAtOnce() {
        #expect(plan([.push("2"), .push("3"), .push("4")], []) == [.popTo(keeping: 0)])
    }

    @Test("Present one at a time: each presentation is a step")
    func presentOneAtATime() {
        #expect(
            plan([], [.present("-2", .pageSheet), .present("-3", .fullScreen), .present("-4", .pageSheet)]) == [
                .present("-2", .pageSheet), .present("-3", .fullScreen), .present("-4", .pageSheet),
            ])
    }

    @Test("Dismiss one at a time: UIKit dismisses the whole chain in one step")
    func dismissOneAtATime() {
        #expect(
            plan([.present("2", .pageSheet), .present("3", .fullScreen), .present("4", .pageSheet)], []) == [
                .dismiss(keeping: 0)
            ])
    }

    @Test("Present and push one at a time: the pushes together, then each presentation")
    func presentAndPushOneAtATime() {
        #expect(
            plan([], [.push("-2"), .push("-3"), .present("-4", .pageSheet), .present("-5", .pageSheet)]) == [
                .push(["-2", "-3"]), .present("-4", .pageSheet), .present("-5", .pageSheet),
            ])
    }

    @Test("Back to the common ancestor first: the stack is replaced at once, then the presentations follow")
    func backToCommonAncestorFirst() {
        #expect(
            plan(
                [.push("2"), .push("3"), .push("4")],
                [.push("-2"), .push("-3"), .present("-4", .pageSheet), .present("-5", .pageSheet)]) == [
                    .setStack(keeping: 0, pushing: ["-2", "-3"]), .present("-4", .pageSheet),
                    .present("-5", .pageSheet),
                ])
    }

    @Test("Back to the common ancestor without popping inside the presentations that go")
    func backWithoutPoppingInsideExtraPresentations() {
        #expect(
            plan(
                [.present("2", .pageSheet), .push("3"), .present("4", .pageSheet), .push("5")],
                [.push("-2")]) == [.dismiss(keeping: 0), .push(["-2"])])
    }

    @Test("Simultaneous dismissals: every presentation in one step")
    func simultaneousDismissals() {
        #expect(
            plan([.present("2", .pageSheet), .push("3"), .present("4", .pageSheet), .push("5")], []) == [
                .dismiss(keeping: 0)
            ])
    }
}

@Suite("Planning a path")
struct NavigationPlanTests {
    @Test("The same path needs no step")
    func samePath() {
        let path = NavigationPath(tab: "feed", [.push("a"), .present("b", .pageSheet)])
        #expect(NavigationPlan(from: path, to: path).steps.isEmpty)
    }

    @Test("A stack that only loses screens pops to the last one it keeps")
    func popTo() {
        let plan = NavigationPlan(
            from: NavigationPath([.push("a"), .push("b"), .push("c")]), to: NavigationPath([.push("a")]))
        #expect(plan.steps == [.popTo(keeping: 1)])
    }

    @Test("Only the presentations above the first difference go, in one step, and the layer under them continues")
    func dismissAboveTheDifference() {
        let start = NavigationPath([
            .push("a"), .present("sheet", .pageSheet), .push("x"), .present("top", .fullScreen),
        ])
        let end = NavigationPath([.push("a"), .present("sheet", .pageSheet), .push("y")])
        #expect(
            NavigationPlan(from: start, to: end).steps == [
                .dismiss(keeping: 1), .setStack(keeping: 0, pushing: ["y"]),
            ])
    }

    @Test("A new layer's pushes go together after its presentation")
    func pushesInsideAPresentation() {
        let end = NavigationPath([.present("sheet", .pageSheet), .push("x"), .push("y")])
        #expect(
            NavigationPlan(from: NavigationPath(), to: end).steps == [
                .present("sheet", .pageSheet), .push(["x", "y"]),
            ])
    }

    @Test("A tab change dismisses the presentations, selects the tab, and continues from that tab's own stack")
    func tabChange() {
        let start = NavigationPath(tab: "feed", [.push("post"), .present("compose", .pageSheet)])
        let end = NavigationPath(tab: "profile", [.push("edit"), .push("avatar")])
        let plan = NavigationPlan(from: start, to: end, tabStacks: ["profile": ["edit", "old"]])
        #expect(
            plan.steps == [.dismiss(keeping: 0), .selectTab("profile"), .setStack(keeping: 1, pushing: ["avatar"])])
    }

    @Test("A target without a tab keeps the selected one")
    func noTargetTab() {
        let plan = NavigationPlan(from: NavigationPath(tab: "feed", [.push("a")]), to: NavigationPath([.push("a")]))
        #expect(plan.steps.isEmpty)
    }
}
