import AppFlows
import AppInterface
import AppTesting
import Core
import CoreTesting
import Foundation
import Testing

@Suite("Lifetimes: swapping flows releases the whole previous flow")
@MainActor
struct LifetimeTests {
    @Test("A whole run (sign up, compose, log out, log in, deep links) leaves nothing alive when it ends")
    func wholeRunReleasesEverything() async throws {
        let data = InMemoryData()
        let report = await trackingLifetimes {
            let run = await data.run(
                """
                open app://signup
                cancel
                signup
                set email life@example.com
                next
                back
                back
                open app://feed/post/1
                \(AppHarness.demoLogin)
                like
                open app://feed/compose
                set text bye
                post
                tab profile
                open app://profile/edit
                cancel
                \(AppHarness.logOut)
                """)
            #expect(run.status == 0, "\(run.error)")
        }
        #expect(report.isClean, "\(report)")
        #expect(report.createdCount > 20)
    }

    @Test("Log-in releases the login flow; log-out from Profile releases Main with every tab (LiveObjects counts)")
    func swapReleasesPreviousFlow() async throws {
        let data = InMemoryData()
        let coordinatorsBefore = LiveObjects.coordinatorCount
        let screensBefore = LiveObjects.screenCount
        let report = try await trackingLifetimes {
            let root = try data.compose()
            let session = FlowSession(root: root)
            root.appCoordinator.start()
            // AppCoordinator + LoginCoordinator; login.navigation + login.
            #expect(LiveObjects.coordinatorCount == coordinatorsBefore + 2)
            #expect(LiveObjects.screenCount == screensBefore + 2)
            weak let loginFlow = root.appCoordinator.children.first
            weak let loginRoot = root.window.rootViewController
            #expect(loginFlow != nil && loginRoot != nil)

            _ = await session.open("app://signup")
            _ = await session.send(.setText("demo@example.com", field: "email"))
            _ = await session.send(.action("cancel"))
            _ = await session.send(.setText("demo@example.com", field: "email"))
            _ = await session.send(.setText("demo-password", field: "password"))
            #expect(await session.send(.action("login")) == nil)
            #expect(loginFlow == nil && loginRoot == nil)
            // AppCoordinator + Main + Feed + two lists; the tab bar main, the split feed.split with its columns
            // feed.navigation and feed.detail, profile.navigation (empty until Profile is first selected), feed,
            // feed.latest, feed.popular.
            #expect(LiveObjects.coordinatorCount == coordinatorsBefore + 5)
            #expect(LiveObjects.screenCount == screensBefore + 8)

            weak let mainFlow = root.appCoordinator.children.first
            weak let feedFlow = root.appCoordinator.children.first?.children.first
            weak let tabBar = root.window.rootViewController
            weak let feedStack = (root.window.rootViewController as? TabBarController)?.tabs.first?.screen
                .viewController
            _ = await session.send(.action("post.2"))
            _ = await session.open("app://feed/compose")
            #expect(await session.send(.action("compose")) != nil, "the feed's compose is under the sheet")
            _ = await session.send(.action("cancel"))
            #expect(await session.send(.tapTab("profile")) == nil)
            // Profile is built on its first selection: its coordinator and its screen.
            #expect(LiveObjects.coordinatorCount == coordinatorsBefore + 6)
            weak let profileFlow = root.appCoordinator.children.first?.children.last
            weak let profileStack = (root.window.rootViewController as? TabBarController)?.tabs.last?.screen
                .viewController
            #expect(profileFlow?.name == "profile" && profileStack != nil)
            #expect(await session.send(.action("logout")) == nil)
            #expect(mainFlow == nil && feedFlow == nil && profileFlow == nil)
            #expect(tabBar == nil && feedStack == nil && profileStack == nil)
            #expect(LiveObjects.coordinatorCount == coordinatorsBefore + 2)
            #expect(LiveObjects.screenCount == screensBefore + 2)
            root.appCoordinator.stop()
        }
        #expect(report.isClean, "\(report)")
        #expect(LiveObjects.coordinatorCount == coordinatorsBefore)
        #expect(LiveObjects.screenCount == screensBefore)
    }
}

@Suite("Leak reports: the app's detector")
@MainActor
struct AppLeakReportTests {
    @Test("A flow kept alive after it left is reported at the end of the command after the one that released it")
    func keptFlowIsReported() async throws {
        let root = try InMemoryData().compose()
        let session = FlowSession(root: root)
        var reports: [String] = []
        session.reportLeaks { reports.append($0) }
        root.appCoordinator.start()
        let keptLogin = root.appCoordinator.children.first

        _ = await session.send(.setText("demo@example.com", field: "email"))
        _ = await session.send(.setText("demo-password", field: "password"))
        #expect(await session.send(.action("login")) == nil)
        _ = session.afterCommand()
        #expect(reports.isEmpty)
        _ = session.afterCommand()

        #expect(
            reports == [
                "leak: coordinator login is still alive, detached from AppCoordinator",
                "leak: screen login is still alive, its coordinator was detached from AppCoordinator",
            ])
        _ = keptLogin
    }

    @Test("A whole run that keeps nothing reports nothing")
    func cleanRunReportsNothing() async throws {
        let root = try InMemoryData().compose()
        let session = FlowSession(root: root)
        var reports: [String] = []
        session.reportLeaks { reports.append($0) }
        root.appCoordinator.start()
        let commands: [() async -> Void] = [
            { _ = await session.open("app://signup") },
            { _ = await session.send(.action("cancel")) },
            { _ = await session.send(.setText("demo@example.com", field: "email")) },
            { _ = await session.send(.setText("demo-password", field: "password")) },
            { _ = await session.send(.action("login")) },
            { _ = await session.open("app://feed/post/1") },
            { _ = await session.send(.gesture(.backButton)) },
            { _ = await session.open("app://feed/compose") },
            { _ = await session.send(.action("cancel")) },
            { _ = await session.send(.tapTab("profile")) },
            { _ = await session.open("app://profile/edit") },
            { _ = await session.send(.action("cancel")) },
            { _ = await session.send(.action("logout")) },
            {}, {},
        ]
        for command in commands {
            await command()
            _ = session.afterCommand()
        }

        #expect(reports.isEmpty, "\(reports)")
        #expect(root.appCoordinator.children.first?.name == "login")
    }
}
