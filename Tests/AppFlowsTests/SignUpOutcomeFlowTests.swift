import AppFlows
import AppInterface
import AppTesting
import Core
import CoreTesting
import Testing

@Suite("The presented sign-up: the app awaits its outcome")
@MainActor
struct SignUpOutcomeFlowTests {
    /// A session of a fresh app on Login with the sign-up presented for `app://signup` and its email step filled.
    private func sessionWithSignUpPresented(_ data: InMemoryData) async throws -> (FlowSession, CompositionRoot) {
        let root = try data.compose()
        let session = FlowSession(root: root)
        _ = await session.start(restores: false, initialLink: nil)
        #expect(await session.open("app://signup") == nil)
        #expect(root.window.presentedViewControllers.map(\.screenID) == ["signup.navigation"])
        #expect(root.appCoordinator.children.map(\.name).contains("SignUpStepCoordinator(email)"))
        return (session, root)
    }

    @Test("An account it finishes with logs the person in within the same command, and the sign-up is released")
    func accountLogsIn() async throws {
        let data = InMemoryData()
        weak var signUp: Coordinator?
        weak var signUpScreen: ViewController?
        let (session, root) = try await sessionWithSignUpPresented(data)
        signUp = root.appCoordinator.children.first { $0.name == "SignUpStepCoordinator(email)" }
        signUpScreen = root.window.presentedViewControllers.first
        for input: SessionInput in [
            .setText("zed@example.com", field: "email"), .action("next"), .setText("long-enough", field: "password"),
            .setText("long-enough", field: "confirmation"), .action("next"), .setText("Zed", field: "displayName"),
        ] {
            #expect(await session.send(input) == nil)
        }

        #expect(await session.send(.action("create")) == nil)
        #expect(session.userDisplayName == "Zed")
        #expect(root.window.presentedViewControllers.isEmpty)
        #expect(root.window.topViewController?.screenID.hasPrefix("onboarding") == true, "a new account takes the tour")
        #expect(signUp == nil && signUpScreen == nil, "the awaited sign-up is released once its outcome is handled")
        session.stop()
    }

    @Test("Cancelled, it is dismissed within the same command: Login is back on top and the sign-up is released")
    func cancelledShowsLogin() async throws {
        let data = InMemoryData()
        weak var signUp: Coordinator?
        weak var signUpScreen: ViewController?
        let (session, root) = try await sessionWithSignUpPresented(data)
        signUp = root.appCoordinator.children.first { $0.name == "SignUpStepCoordinator(email)" }
        signUpScreen = root.window.presentedViewControllers.first
        #expect(await session.send(.setText("zed@example.com", field: "email")) == nil)
        #expect(await session.send(.action("next")) == nil)

        #expect(await session.send(.action("cancel")) == nil)
        #expect(session.userDisplayName == nil)
        #expect(root.window.presentedViewControllers.isEmpty)
        #expect(root.window.topViewController?.screenID == "login")
        #expect(root.appCoordinator.children.count == 1, "Login alone")
        #expect(signUp == nil && signUpScreen == nil, "the awaited sign-up is released once its outcome is handled")
        session.stop()
    }

    @Test("A sign-up still awaited when the app stops leaves nothing alive")
    func stoppedWhileAwaitedLeavesNothing() async throws {
        let data = InMemoryData()
        let report = try await trackingLifetimes {
            let (session, _) = try await sessionWithSignUpPresented(data)
            #expect(await session.send(.setText("zed@example.com", field: "email")) == nil)
            session.stop()
        }
        #expect(report.isClean, "\(report)")
    }
}
