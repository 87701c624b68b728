import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("A parent awaits the outcome of the sign-up it shows")
@MainActor
struct SignUpOutcomeTests {
    /// A started parent whose window shows `parent`, with sign-up built for awaiting and presented full screen in
    /// a navigation controller of its own.
    private func presentSignUp() async throws -> (
        parent: Coordinator, window: Window, signUp: any ViewableCoordinating & OneShotCoordinating<SignUpOutcome>
    ) {
        let window = Window()
        let root = ViewController(screenID: "parent")
        try window.setRootViewController(root)
        let parent = Coordinator()
        parent.start()
        let signUp = SignUpContainer(dependency: FakeSignUpDependency(accounts: FakeAccountService())).coordinator()
        try await parent.addChild(signUp) { screen in
            try root.present(NavigationController(root: screen, screenID: "signup.navigation"), style: .fullScreen)
        }
        return (parent, window, signUp)
    }

    @Test("Creating the account finishes the flow with its session; it stays shown until the parent removes it")
    func accountFinishesWithTheSession() async throws {
        let (parent, window, signUp) = try await presentSignUp()
        let outcome = Task { try await parent.outcome(of: signUp) }
        try window.completeEmailStep()
        try window.completePasswordStep()
        try window.type("Ada", into: "displayName")
        try window.tap("create")

        #expect(
            try await outcome.value == .finished(.account(SignUpSession(email: "ada@example.com", displayName: "Ada"))))
        #expect(signUp.parent === parent)
        #expect(window.topScreenID == "signup.name")
    }

    @Test("Cancel at a later step finishes the flow as cancelled")
    func cancelFinishesAsCancelled() async throws {
        let (parent, window, signUp) = try await presentSignUp()
        let outcome = Task { try await parent.outcome(of: signUp) }
        try window.completeEmailStep()
        try window.tap("cancel")

        #expect(try await outcome.value == .finished(.cancelled))
    }

    @Test("Only the first outcome counts: the parent that awaits after a cancel still hears cancelled")
    func firstOutcomeCounts() async throws {
        let (parent, window, signUp) = try await presentSignUp()
        try window.tap("cancel")
        try window.tap("cancel")

        #expect(try await parent.outcome(of: signUp) == .finished(.cancelled))
    }

    @Test("Removed by its parent before it finished, the flow ends as stopped and is released with its screens")
    func removedByTheParentIsStopped() async throws {
        weak var released: (any ViewableCoordinating)?
        let parent: Coordinator
        do {
            let (shownParent, window, signUp) = try await presentSignUp()
            parent = shownParent
            released = signUp
            try window.completeEmailStep()
            let outcome = Task { try await parent.outcome(of: signUp) }
            await Task.yield()
            try await parent.removeChild(signUp) { _ in try window.rootViewController?.dismiss() }
            #expect(try await outcome.value == .stopped)
        }
        #expect(released == nil)
        #expect(parent.children.isEmpty)
    }
}
