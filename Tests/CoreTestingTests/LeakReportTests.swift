import Core
import CoreTesting
import Testing

@Suite("Leak report")
@MainActor
struct LeakReportTests {
    @Test("A retain cycle between a coordinator and its screen is reported with both labels")
    func reportsRetainCycle() {
        let report = trackingLifetimes {
            let screen = ProfileScreen(screenID: "profile")
            let coordinator = ProfileCoordinator(screen: screen)
            screen.owner = coordinator
            coordinator.start()
            coordinator.stop()
        }
        #expect(!report.isClean)
        #expect(report.survivorLabels == ["ProfileScreen", "ProfileCoordinator"])
        #expect(report.survivors.map(\.kind) == [.screen, .coordinator])
        #expect(report.createdCount == 2)
        #expect(
            report.description == "2 of 2 objects still alive: screen ProfileScreen, coordinator ProfileCoordinator")

        for survivor in report.survivors {
            (survivor.object as? ProfileScreen)?.owner = nil
        }
    }

    @Test("A block that releases everything it created reports clean")
    func reportsClean() throws {
        let report = try trackingLifetimes {
            let window = Window()
            let screen = ProfileScreen(screenID: "profile")
            let coordinator = ProfileCoordinator(screen: screen)
            let navigation = try NavigationController(root: TestRootScreen(screenID: "root"))
            try window.setRootViewController(navigation)
            coordinator.start()
            try navigation.push(coordinator.viewControllerable)
            try navigation.pop()
            coordinator.stop()
        }
        #expect(report.isClean, "\(report)")
        #expect(report.survivorLabels.isEmpty)
        #expect(report.createdCount == 4)
        #expect(report.description == "no leaks (4 objects created and released)")
    }
}

@MainActor
final class TestRootScreen: ViewController {}

@Suite("Watching any object")
@MainActor
struct LifetimeWatcherTests {
    @Test("A watched listener that outlives the block is reported with its label; one that is released is not")
    func reportsWatchedSurvivors() {
        var kept: [AnyObject] = []
        let report = trackingLifetimes { lifetimes in
            let leaked = Listener()
            lifetimes.watch(leaked, label: "leaked listener")
            lifetimes.watch(Listener())
            kept.append(leaked)
        }
        #expect(report.survivorLabels == ["leaked listener"])
        #expect(report.survivors.map(\.kind) == [.watched])
        #expect(report.createdCount == 2)
        kept.removeAll()
    }

    @Test("A watched window that is released with its root screen reports clean")
    func reportsWatchedWindow() throws {
        let report = try trackingLifetimes { lifetimes in
            let window = Window()
            lifetimes.watch(window)
            try window.setRootViewController(TestRootScreen(screenID: "root"))
        }
        #expect(report.isClean, "\(report)")
        #expect(report.createdCount == 2, "the window and its root screen")
    }

    @Test("Watching outside a recording does nothing and counts nothing")
    func watchingOutsideRecording() {
        let screens = LiveObjects.screenCount
        let coordinators = LiveObjects.coordinatorCount
        LiveObjects.watch(Listener())
        #expect(LiveObjects.screenCount == screens)
        #expect(LiveObjects.coordinatorCount == coordinators)
    }
}

private final class Listener {}
