import AppFlows
import AppInterface
import AppTesting
import Core
import CoreTesting
import Foundation
import Testing

/// `app --feature NAME` hosts one feature alone, over in-memory services, shown by a stand-in parent that pushes
/// it, presents it as a sheet or embeds it, so a team iterates on one feature without the whole app.
@Suite("Feature playgrounds: one feature alone, shown by a stand-in parent")
@MainActor
struct PlaygroundTests {
    /// Each feature's playground and the screen its flow starts on.
    static let features: [(name: String, screen: String)] = [
        ("Login", "login"), ("SignUp", "signup.email"), ("Feed", "feed.latest"), ("Onboarding", "onboarding.welcome"),
        ("Profile", "profile"),
    ]

    @Test("--feature Login starts with Login pushed over the stand-in parent's screen")
    func startsPushed() async throws {
        let data = InMemoryData()
        let run = await data.run("state\n", arguments: ["--feature", "Login"])
        #expect(run.status == 0, "\(run.error)")
        let state = try #require(run.lastState)
        #expect(state.navigation == ["playground", "login"])
        #expect(
            state.coordinators == CoordinatorNode("PlaygroundCoordinator(Login)", [CoordinatorNode("login")])
        )
    }

    @Test(
        "The stand-in parent shows the feature pushed, as a sheet or embedded, and the feature works there",
        arguments: ["Login", "SignUp", "Feed", "Onboarding", "Profile"], ["push", "sheet", "embed"])
    func presentations(feature: String, presentation: String) async throws {
        let screen = try #require(Self.features.first { $0.name == feature }?.screen)
        let data = InMemoryData()
        let run = await data.run("back\nstate\n\(presentation)\nstate\n", arguments: ["--feature", feature])
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].top == "playground" && states[0].coordinators.children.isEmpty, "back removed the feature")
        #expect(states[1].top == screen)
        #expect(states[1].coordinators.childNames.count == 1)
        switch presentation {
        case "push":
            #expect(states[1].navigation.first == "playground" && states[1].navigation.count == 2)
            #expect(states[1].presented.isEmpty)
        case "sheet":
            #expect(states[1].presented == ["playground.sheet"])
            #expect(!states[1].navigation.contains("playground"), "the sheet has its own navigation controller")
        default:
            #expect(states[1].navigation == ["playground"])
            #expect(states[1].presented.isEmpty)
        }
    }

    @Test("Each way of showing can be undone as a person or the parent would: back, swipe down, hide")
    func removals() async throws {
        let data = InMemoryData()
        let run = await data.run(
            "back\nsheet\ndismiss\nstate\nscreen\nembed\nhide\nstate\npush\nstate\n",
            arguments: ["--feature", "SignUp"])
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0].presented.isEmpty && states[0].coordinators.children.isEmpty)
        #expect(states[1].top == "playground" && states[1].coordinators.children.isEmpty)
        #expect(
            states[2].top == "signup.email" && states[2].coordinators.childNames == ["SignUpStepCoordinator(email)"])
        #expect(run.output.contains("The person removed SignUp; its parent learnt it through userDidRemove(_:)."))
    }

    @Test("What the feature tells its listener is listed, and the parent releases the feature as the app would")
    func listenerCalls() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "screen\nstate\n", arguments: ["--feature", "login"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Login told its parent: loginDidSucceed(Demo, demo@example.com)"))
        #expect(run.lastState?.coordinators.children.isEmpty == true)
        #expect(run.lastState?.top == "playground")
    }

    @Test("A fresh feature empties the list: what the one before did is not shown beside it")
    func freshFeatureForgetsEarlierEvents() async throws {
        let removed = "The person removed Profile; its parent learnt it through userDidRemove(_:)."
        let embedded = await InMemoryData().run("back\nscreen\nembed\nscreen\n", arguments: ["--feature", "Profile"])
        #expect(embedded.status == 0, "\(embedded.error)")
        // The first screen lists the removal; the second, with a fresh Profile embedded, lists nothing of it.
        let output = embedded.output
        #expect(output.components(separatedBy: removed).count == 2, "listed once: \(output)")
        #expect(output.components(separatedBy: Self.nothingYet("Profile")).count == 2, "\(output)")
        let removal = try #require(output.range(of: removed))
        #expect(try #require(output.range(of: Self.nothingYet("Profile"))).lowerBound > removal.upperBound)

        // Removed, shown as a sheet, then done: only what this one said is listed.
        let finished = await InMemoryData().run("back\nsheet\nlogout\nscreen\n", arguments: ["--feature", "Profile"])
        #expect(finished.status == 0, "\(finished.error)")
        #expect(finished.output.contains("Profile told its parent: profileDidLogOut()"), "\(finished.output)")
        #expect(!finished.output.contains(removed), "\(finished.output)")

        let login = await InMemoryData().run(
            AppHarness.demoLogin + "embed\nscreen\n", arguments: ["--feature", "Login"])
        #expect(login.status == 0, "\(login.error)")
        #expect(!login.output.contains("loginDidSucceed"), "\(login.output)")
        #expect(login.output.contains(Self.nothingYet("Login")), "\(login.output)")
    }

    /// What the stand-in parent's screen lists before the feature shown has told it anything.
    static func nothingYet(_ feature: String) -> String {
        "\(feature) has told its parent nothing yet."
    }

    @Test("A flow inside the feature runs in the parent's choice: SignUp's steps push onto the sheet's navigation")
    func flowInsideSheet() async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            back
            sheet
            set email ada@example.com
            next
            state
            set password analytical
            set confirmation analytical
            next
            set displayName Ada
            create
            state
            screen

            """, arguments: ["--feature", "SignUp"])
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].navigation == ["signup.email", "signup.password"])
        #expect(states[0].presented == ["playground.sheet"])
        #expect(states[1].presented.isEmpty && states[1].top == "playground")
        #expect(run.output.contains("SignUp told its parent: signUpDidFinish(Ada, ada@example.com)"))
    }

    @Test("The services live in memory: the data directory stays empty, and none is needed")
    func inMemory() async throws {
        let data = try TemporaryDataDirectory()
        let run = await data.run("compose\nset text Hello\npost\npost.1\nlike\n", arguments: ["--feature", "Feed"])
        #expect(run.status == 0, "\(run.error)")
        #expect(try data.allFiles().isEmpty)

        let withoutHome = await AppHarness.run(
            input: ScriptedInput(bytes: Array("state\n".utf8), isTerminal: false, chunkSize: 7),
            arguments: ["--feature", "Feed"], environment: ["HOME": ""])
        #expect(withoutHome.status == 0, "\(withoutHome.error)")
    }

    @Test("A launcher asked for a playground no feature has refuses it, rather than open the real data")
    func unknownPlaygroundIsRefusedByTheLauncher() async throws {
        let data = try TemporaryDataDirectory()
        #expect(throws: FeaturePlayground.unknown("Nope")) {
            try LiveApp().launch(LaunchRequest(dataDirectory: data.path, playground: "Nope"))
        }
        #expect(try data.allFiles().isEmpty, "no database was opened")
    }

    @Test("An unknown feature is a usage error that lists every registered playground, in registration order")
    func unknownFeature() async throws {
        // A name `new-feature` can never create (it takes letters and digits only), so scaffolding a feature
        // cannot make it known; the list is the registry's, which the scaffolder extends.
        let data = InMemoryData()
        let run = await data.run("", arguments: ["--feature", "No-Such"])
        #expect(run.status == ExitCode.usage)
        let registered = FeaturePlayground.all.map(\.name)
        #expect(Array(registered.prefix(5)) == ["Login", "SignUp", "Feed", "Onboarding", "Profile"])
        #expect(
            run.error.hasPrefix(
                "app: no playground for the feature 'No-Such' (features: \(registered.joined(separator: ", ")))\n"))
    }

    @Test("Links need the whole app: a playground refuses them and changes nothing")
    func linksRefused() async throws {
        let data = InMemoryData()
        let run = await data.run("open app://feed\n", arguments: ["--feature", "Feed"])
        #expect(run.status == ExitCode.failure)
        #expect(
            run.error
                == "line 1: links need the whole app; this playground hosts Feed alone (run app without --feature)\n")
    }

    @Test(
        "A playground run leaves nothing alive when it ends",
        arguments: ["Login", "SignUp", "Feed", "Onboarding", "Profile"])
    func releasesEverything(feature: String) async throws {
        let data = InMemoryData()
        let report = await trackingLifetimes {
            let run = await data.run("back\nsheet\ndismiss\nembed\nhide\npush\n", arguments: ["--feature", feature])
            #expect(run.status == 0, "\(run.error)")
        }
        #expect(report.isClean, "\(report)")
    }

    @Test("Every registered playground has its own name and builds its feature")
    func registry() async throws {
        let names = FeaturePlayground.all.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count)
        for playground in FeaturePlayground.all {
            #expect(FeaturePlayground.named(playground.name.uppercased())?.name == playground.name)
            let parent = try AppLaunch.open(
                dataDirectory: "", playground: playground, fixedNow: nil, movesCorruptDataAside: false
            ).root.appCoordinator
            #expect(parent.carryOut { parent.start() } == nil)
            #expect(parent.children.count == 1, "\(playground.name) is built and shown")
            parent.stop()
        }
    }
}
