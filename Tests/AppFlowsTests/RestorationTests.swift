import AppData
import AppFlows
import AppInterface
import AppTesting
import Foundation
import Testing

/// What a person would miss after a restart: the screens and coordinators (`state` without the transient error),
/// the link waiting for a log-in, and every field that is not secure with what it holds.
struct PlaceSnapshot: Equatable, CustomStringConvertible {
    let top: String?
    let navigation: [String]
    let presented: [String]
    let coordinators: CoordinatorNode
    let loggedIn: Bool
    let user: String?
    let notice: String?
    let fields: [String]
    let tabs: AppState.Tabs?

    /// The snapshot of a run whose script ended with `state` then `screen`.
    init?(_ run: AppRun) {
        guard let last = run.stateLines.last else { return nil }
        self.init(run, stateLine: last)
    }

    /// The snapshot a run printed with `state` then `screen` at `stateLine`, the screen read up to the next
    /// `state` line.
    init?(_ run: AppRun, stateLine: Int) {
        let lines = run.lines
        guard lines.indices.contains(stateLine), let state = AppState(json: String(lines[stateLine])) else {
            return nil
        }
        let next = run.stateLines.first { $0 > stateLine } ?? lines.endIndex
        let screen = lines[(stateLine + 1)..<next]
        top = state.top
        navigation = state.navigation
        presented = state.presented
        coordinators = state.coordinators
        loggedIn = state.loggedIn
        user = state.user
        notice = screen.first {
            $0.hasPrefix("Log in or sign up to continue") || $0.hasPrefix("Finish or skip the tour to continue")
        }.map(String.init)
        tabs = state.tabs
        fields = screen.filter { $0.contains("(set ") && !$0.contains(", secure)") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
    }

    var description: String {
        "top \(top ?? "nil"), navigation \(navigation), presented \(presented), user \(user ?? "nil"), "
            + "notice \(notice ?? "nil"), fields \(fields), tabs \(tabs.map { "\($0)" } ?? "nil"), "
            + "coordinators \(coordinators.allNames)"
    }
}

/// A scripted way to a screen.
struct ScreenScript: Sendable, CustomTestStringConvertible {
    let screenID: String
    let script: String

    init(_ screenID: String, _ script: String) {
        self.screenID = screenID
        self.script = script
    }

    var testDescription: String { "\(screenID) after \(script.split(separator: "\n").joined(separator: "; "))" }
}

/// Signs up `name` from the login screen, up to the first page of the tour.
private func newAccount(_ name: String) -> String {
    "signup\nset email \(name)@example.com\nnext\nset password pass-word-1\nset confirmation pass-word-1\nnext\n"
        + "set displayName \(name)\ncreate\n"
}

/// The commands that end every run whose place is compared.
private let snapshotCommands = "state\nscreen\n"

/// Issue 11: quitting, or being killed, anywhere in the app and starting again on the same data directory comes
/// back to the same place with the same unsent text.
@MainActor
@Suite struct RestorationTests {
    /// A scripted way to each screen id of `docs/app.md`, with the text it leaves typed. `login.navigation` is the
    /// window's root under every `login` entry, `onboarding.navigation` under every `onboarding.*` one, and `main`
    /// (the tab bar, with `feed.navigation` and `profile.navigation`) under every `feed` and `profile` one;
    /// `signup.navigation` is the presented sign-up, at each of its steps.
    nonisolated static let screens: [ScreenScript] = [
        ScreenScript("login", "set email typed@example.com\n"),
        ScreenScript("signup.email", "signup\nset email new@example.com\n"),
        ScreenScript("signup.password", "signup\nset email new@example.com\nnext\n"),
        ScreenScript(
            "signup.name",
            "set email kept@example.com\nsignup\nset email new@example.com\nnext\nset password pass-word-1\n"
                + "set confirmation pass-word-1\nnext\nset displayName Ann\n"
        ),
        ScreenScript("signup.navigation", "open app://signup\nset email presented@example.com\n"),
        ScreenScript(
            "signup.navigation",
            "open app://signup\nset email presented@example.com\nnext\nset password pass-word-1\n"
                + "set confirmation pass-word-1\nnext\nset displayName Bo\n"
        ),
        ScreenScript("login", "open app://feed/post/2\nset email waiting@example.com\n"),
        ScreenScript(
            "signup.navigation", "open app://feed/compose\nopen app://signup\nset email linked@example.com\nnext\n"),
        ScreenScript("feed.latest", AppHarness.demoLogin),
        ScreenScript("feed", AppHarness.demoLogin + "popular\nlatest\n"),
        ScreenScript("feed.popular", AppHarness.demoLogin + "popular\n"),
        ScreenScript("feed.post", AppHarness.demoLogin + "popular\nopen app://feed/post/2\n"),
        ScreenScript("feed.compose", AppHarness.demoLogin + "popular\ncompose\nset text an unsent post\n"),
        ScreenScript("feed.compose", AppHarness.demoLogin + "compose\n"),
        ScreenScript("onboarding.welcome", newAccount("una")),
        ScreenScript("onboarding.tabs", newAccount("tab") + "next\n"),
        ScreenScript("onboarding.gestures", newAccount("ges") + "next\nnext\n"),
        ScreenScript("onboarding.links", "open app://profile\n" + newAccount("lin") + "next\nnext\nnext\n"),
        ScreenScript("profile", AppHarness.demoLogin + "post.2\ntab profile\n"),
        ScreenScript("profile", AppHarness.demoLogin + "open app://feed/compose\nset text kept\npost\ntab profile\n"),
        ScreenScript("feed.latest", AppHarness.demoLogin + "tab profile\nedit\nset displayName Half\ntab feed\n"),
        ScreenScript("profile.edit", AppHarness.demoLogin + "open app://profile/edit\nset displayName Half\n"),
    ]

    @Test("A restart restores each screen with its coordinators and typed text", arguments: RestorationTests.screens)
    func restartRestoresEveryScreen(_ place: ScreenScript) async throws {
        let (screenID, script) = (place.screenID, place.script)
        let directory = InMemoryData()
        let before = await directory.run(script + snapshotCommands)
        #expect(before.status == 0, "\(before.error)")
        let after = await directory.run(snapshotCommands)
        #expect(after.status == 0)
        #expect(after.error.isEmpty, "a restart that restores everything says nothing: \(after.error)")
        let expected = try #require(PlaceSnapshot(before))
        #expect(([expected.top] + expected.navigation + expected.presented).contains(screenID))
        #expect(PlaceSnapshot(after) == expected)
    }

    @Test("Restored text is the text typed, and a restored password step shows empty password fields")
    func restoredDraftsAndEmptyPasswords() async throws {
        let directory = InMemoryData()
        _ = await directory.run(
            "signup\nset email new@example.com\nnext\nset password pass-word-1\nset confirmation pass-word-1\n")
        let after = await directory.run(snapshotCommands)
        #expect(after.lastState?.top == "signup.password")
        #expect(after.output.contains("Password (set password, secure): \n"))
        #expect(after.output.contains("Confirm (set confirmation, secure): \n"))
        let back = await directory.run("back\n" + snapshotCommands)
        #expect(back.output.contains("Email (set email): new@example.com"))
    }

    @Test("A restored name step asks for the password again instead of creating an account without one")
    func restoredNameStepAsksForThePassword() async throws {
        let directory = InMemoryData()
        _ = await directory.run(
            "signup\nset email new@example.com\nnext\nset password pass-word-1\nset confirmation pass-word-1\nnext\n"
                + "set displayName Ann\n")
        let refused = await directory.run("create\n")
        #expect(refused.status == 1)
        #expect(refused.error.contains("type your password again"))
        let created = await directory.run(
            "back\nset password pass-word-1\nset confirmation pass-word-1\nnext\ncreate\nstate\n")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.lastState?.user == "Ann")
    }

    @Test("A secure field's value is never written to the data directory")
    func secureFieldsAreNeverSaved() async throws {
        let directory = InMemoryData()
        let secret = "Never-Saved-7f3a"
        _ = await directory.run("set email someone@example.com\nset password \(secret)\n")
        _ = await directory.run(
            "signup\nset email new@example.com\nnext\nset password \(secret)\nset confirmation \(secret)\n")
        #expect(try savedRecord(in: directory).contains("new@example.com"))
        #expect(try !savedRecord(in: directory).contains(secret), "the saved place holds the password")
        let restored = await directory.run(snapshotCommands)
        #expect(restored.lastState?.top == "signup.password")
        #expect(!restored.output.contains(secret))
    }

    @Test("--no-restore starts at the first screen, and the next start restores from where that run moved to")
    func noRestoreStartsAtTheRoot() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.demoLogin + "popular\nopen app://feed/post/2\n")
        let fresh = await directory.run("state\npopular\n", arguments: ["--no-restore"])
        #expect(fresh.status == 0)
        #expect(fresh.states.first?.top == "feed.latest")
        #expect(fresh.states.first?.navigation == ["feed"])
        let next = await directory.run("state\n")
        #expect(next.lastState?.top == "feed.popular")
    }

    @Test("Two windows on one data with a draft each: the last to leave keeps its draft, and its question says whose")
    func twoWindowsEachWithADraft() async throws {
        let data = InMemoryData()
        _ = await data.run(AppHarness.demoLogin)
        func window(drafting text: String) async throws -> FlowSession {
            let session = FlowSession(root: try data.compose())
            _ = await session.start(restores: true, initialLink: "app://feed/compose")
            #expect(await session.send(.setText(text, field: "text")) == nil)
            _ = session.afterCommand()
            return session
        }
        let first = try await window(drafting: "draft one")
        let second = try await window(drafting: "draft two")
        #expect(try savedRecord(in: data).contains("draft two"))

        // The first window's place was saved over: leaving puts it back, and its question says so.
        #expect(
            first.leaveQuestion
                == "Leave? The draft is kept for next time, in place of where another window on this data left. (y/n)")
        first.stop()
        #expect(try savedRecord(in: data).contains("draft one"))

        // Then the second leaves: its draft is the one kept, and it was told.
        #expect(second.leaveQuestion?.hasSuffix("in place of where another window on this data left. (y/n)") == true)
        second.stop()
        #expect(try savedRecord(in: data).contains("draft two"))
        let next = await data.run("screen\n")
        #expect(next.output.contains("draft two"))

        // A window with nothing of its own to keep leaves the saved place, and the draft in it, alone.
        let idle = FlowSession(root: try data.compose())
        _ = await idle.start(restores: false, initialLink: nil)
        #expect(await idle.send(.action("popular")) == nil)
        _ = idle.afterCommand()
        let drafting = try await window(drafting: "draft kept")
        drafting.stop()
        #expect(idle.leaveQuestion == nil)
        idle.stop()
        #expect(try savedRecord(in: data).contains("draft kept"))

        // A window alone is asked nothing more than its draft.
        let alone = try await window(drafting: "draft three")
        #expect(alone.leaveQuestion == "Leave? The draft is kept for next time. (y/n)")
        alone.stop()
    }

    @Test("--no-restore keeps the place left, and the draft in it, until the person moves, and says so")
    func noRestoreKeepsTheDraftUntilAMove() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.demoLogin + "compose\nset text a draft worth keeping\n")
        let looked = await directory.run("state\nscreen\n", arguments: ["--no-restore"])
        #expect(looked.status == 0)
        #expect(looked.lastState?.top == "feed.latest")
        #expect(looked.error == AppHarness.placeKeptNotice)
        let back = await directory.run("screen\n")
        #expect(back.output.contains("a draft worth keeping"), "\(back.output)")

        // A link opened at the start moves, and so replaces the place: nothing is said of keeping it.
        let linked = await directory.run("state\n", arguments: ["--no-restore", "--open", "app://feed/popular"])
        #expect(linked.error.isEmpty, "\(linked.error)")
        #expect(linked.lastState?.top == "feed.popular")

        // Nothing saved differs from the first screen: nothing to say.
        let fresh = InMemoryData()
        #expect(await fresh.run("state\n", arguments: ["--no-restore"]).error.isEmpty)
    }

    // MARK: - Records that no longer apply

    @Test("A damaged record starts at the first screen, says so in one line and is replaced")
    func damagedRecord() async throws {
        for damage in ["{not json", "", String(repeating: "[", count: 100_000), #"{"kind":"app","version":1}"#] {
            let directory = InMemoryData()
            _ = await directory.run(AppHarness.demoLogin + "popular\n")
            try replaceRecord(in: directory, with: damage)
            let run = await directory.run(snapshotCommands)
            #expect(run.status == 0)
            #expect(run.lastState?.top == "feed.latest")
            #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
            #expect(run.error.hasPrefix("app: starting at the first screen: the saved place is damaged"))
            await #expect(directory.run("state\n").error.isEmpty, "the next start finds a good record")
        }
    }

    @Test("A record of an older or newer format restores the first screen and says so in one line")
    func olderAndNewerFormats() async throws {
        for version in [0, 3, Int.max] {
            let directory = InMemoryData()
            _ = await directory.run(AppHarness.demoLogin + "popular\n")
            // Only the app's own record is at version 2.
            try rewriteRecord(in: directory) {
                $0.replacingOccurrences(of: #""version":2"#, with: "\"version\":\(version)")
            }
            let run = await directory.run("state\n")
            #expect(run.status == 0)
            #expect(run.lastState?.top == "feed.latest")
            #expect(run.error == "app: restored the nearest screen: the 'app' record has format version \(version)\n")
        }
    }

    @Test("A record from before the tab bar (format 1, the feed alone) comes back in the Feed tab")
    func singleFeedRecordRestoresInFeedTab() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.demoLogin)
        try replaceRecord(
            in: directory,
            with: #"{"children":[{"children":[],"kind":"feed","values":{"post":"2","segment":"popular"},"version":1}],"#
                + #""kind":"app","values":{"flow":"feed","user":"demo@example.com"},"version":1}"#)
        let run = await directory.run("state\nback\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        #expect(run.states.first?.top == "feed.post" && run.states.first?.tabs?.selected == "feed")
        #expect(run.lastState?.top == "feed.popular")
    }

    @Test("A record of the tour for an account that finished it since restores Main, and says why")
    func tourFinishedElsewhere() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.signUp("Rex") + "next\n")
        directory.store.setOnboardingFinished(true, email: "rex@example.com")
        let run = await directory.run("state\n")
        #expect(run.status == 0)
        #expect(run.lastState?.top == "feed.latest" && run.lastState?.tabs?.selected == "feed")
        #expect(run.error == "app: restored the nearest screen: the onboarding tour was finished since you left\n")
    }

    @Test("A record of Main for an account still in the tour restores the tour, and says why")
    func mainRecordedWhileTourUnfinished() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.signUp("Rae") + "skip\n")
        directory.store.setOnboardingFinished(false, email: "rae@example.com")
        let run = await directory.run("state\n")
        #expect(run.status == 0)
        #expect(run.lastState?.top == "onboarding.welcome")
        #expect(
            run.error == "app: restored the nearest screen: the onboarding tour is not finished for this account\n")
    }

    @Test("A feed record whose post was deleted restores the feed on its segment")
    func deletedPost() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.demoLogin + "popular\nopen app://feed/post/2\n")
        try rewriteRecord(in: directory) { $0.replacingOccurrences(of: #""post":"2""#, with: #""post":"999""#) }
        let run = await directory.run("state\n")
        #expect(run.status == 0)
        #expect(run.lastState?.top == "feed.popular")
        #expect(run.error == "app: restored the nearest screen: the post '999' no longer exists\n")
    }

    @Test("A record holding long text is told in one line a person reads, not repeated whole")
    func longRecordTextIsCut() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.demoLogin + "popular\nopen app://feed/post/2\n")
        let long = String(repeating: "9", count: 5_000)
        try rewriteRecord(in: directory) { $0.replacingOccurrences(of: #""post":"2""#, with: "\"post\":\"\(long)\"") }
        let run = await directory.run("state\n")
        #expect(run.status == 0)
        #expect(run.lastState?.top == "feed.popular")
        #expect(run.error.hasPrefix("app: restored the nearest screen: the post '999"))
        #expect(run.error.count < 300 && run.error.hasSuffix("…\n"), "\(run.error.count) characters")
    }

    @Test("A record written before another process logged out restores the login screen")
    func loggedOutElsewhere() async throws {
        let directory = InMemoryData()
        _ = await directory.run(AppHarness.demoLogin + "compose\nset text a draft\n")
        let record = try savedRecord(in: directory)
        let logOut = await directory.run(AppHarness.logOut, arguments: ["--no-restore"])
        #expect(logOut.status == 0, "\(logOut.error)")
        // The first process saves its record after the other one logged out.
        try replaceRecord(in: directory, with: record)
        let run = await directory.run("state\n")
        #expect(run.status == 0)
        #expect(run.lastState?.top == "login")
        #expect(run.error == "app: restored the nearest screen: you were logged out since you left\n")
    }

    @Test("A waiting link the app no longer understands is dropped; the rest of the log-in screen is restored")
    func waitingLinkNoLongerUnderstood() async throws {
        let directory = InMemoryData()
        _ = await directory.run("open app://feed/post/2\nset email waiting@example.com\n")
        try rewriteRecord(in: directory) { $0.replacingOccurrences(of: "app://feed/post/2", with: "app://feed/gone") }
        let run = await directory.run(snapshotCommands)
        #expect(run.lastState?.top == "login")
        #expect(run.output.contains("Email (set email): waiting@example.com"))
        #expect(!run.output.contains("Log in or sign up to continue"))
        #expect(run.error.hasPrefix("app: restored the nearest screen: the link app://feed/gone no longer waits"))
        #expect(run.error.split(separator: "\n").count == 1)
    }

    @Test("A sign-up whose email was registered since stops on its first step, with the reason on screen")
    func signUpEmailTakenSince() async throws {
        let directory = InMemoryData()
        _ = await directory.run("signup\nset email demo@example.com\n")
        try rewriteRecord(in: directory) { $0.replacingOccurrences(of: #""step":"email""#, with: #""step":"name""#) }
        let run = await directory.run(snapshotCommands)
        #expect(run.lastState?.top == "signup.email")
        #expect(run.lastState?.error == "An account with this email already exists.")
        #expect(run.error.hasPrefix("app: restored the nearest screen: sign-up is back at its first step"))
    }

    /// Applies `change` to the saved record, as if the app had saved the result.
    private func rewriteRecord(in directory: InMemoryData, _ change: (String) -> String) throws {
        let record = try savedRecord(in: directory)
        let changed = change(record)
        #expect(changed != record, "the record was changed")
        try replaceRecord(in: directory, with: changed)
    }

    /// The saved record, as the app stored it in its database.
    private func savedRecord(in directory: InMemoryData) throws -> String {
        try #require(directory.store.restorationRecord)
    }

    /// Stores `record` in place of the saved one.
    private func replaceRecord(in directory: InMemoryData, with record: String) throws {
        directory.store.restorationRecord = record
    }

    // MARK: - Random sequences

    @Test("Random command sequences, each followed by a restart, come back to the same place")
    func randomSequencesSurviveRestarts() async throws {
        let seed = ProcessInfo.processInfo.environment["RESTORATION_TEST_SEED"].flatMap(UInt64.init) ?? 11
        let rounds = 150
        var random = SeededRandom(seed: seed)
        let directory = InMemoryData()
        var screensSeen: Set<String> = []
        // The place the last run left, which the next one restores, and the commands that led there.
        var left: PlaceSnapshot?
        var lastCommands: [String] = []
        // Each run restarts the app: it shows the place it restored, then runs the next round's commands (for the
        // screen that round starts on, or for anywhere; a later one may no longer apply) and shows where they led.
        // A last run only restores.
        for round in 0...rounds {
            let commands =
                round < rounds
                ? (0..<random.next(below: 4) + 1).map { _ in
                    Self.randomCommand(&random, on: round == 0 ? "login" : left?.top, round: round)
                } : []
            let script = snapshotCommands + "state\n" + commands.map { $0 + "\n" }.joined() + snapshotCommands
            let run = await directory.run(script, arguments: ["--keep-going"])
            let stateLines = run.stateLines
            #expect(stateLines.count == 3, "seed \(seed), round \(round): \(run.output)")
            if let left, round > 0 {
                let restored = stateLines.first.flatMap { PlaceSnapshot(run, stateLine: $0) }
                #expect(restored == left, "seed \(seed), round \(round - 1), after \(lastCommands): \(run.error)")
                // The commands' errors name their line; anything else was said at the start.
                let notices = run.error.split(separator: "\n").filter { !$0.hasPrefix("line ") }
                #expect(notices.isEmpty, "seed \(seed), round \(round - 1): \(run.error)")
                if restored != left { return }
            }
            left = stateLines.last.flatMap { PlaceSnapshot(run, stateLine: $0) }
            #expect(left != nil)
            if round < rounds { screensSeen.insert(left?.top ?? "none") }
            lastCommands = commands
        }
        #expect(screensSeen.count >= 8, "the sequences reach most screens: \(screensSeen.sorted())")
    }

    /// A command a person might type on `top`, or anywhere (links, `back`, `dismiss`), so the runs reach
    /// every screen and leave text typed on each.
    private static func randomCommand(_ random: inout SeededRandom, on top: String?, round: Int) -> String {
        let anywhere = [
            "back", "dismiss", "open app://signup", "open app://login", "open app://feed", "open app://feed/popular",
            "open app://feed/post/2", "open app://feed/post/1", "open app://feed/compose", "open app://profile",
            "open app://profile/edit", "tab feed", "tab profile",
        ]
        let here: [String]
        switch top {
        case "login":
            here = [
                "set email demo@example.com\nset password demo-password\nlogin", "set email typed\(round)@example.com",
                "signup", "signup",
            ]
        case "signup.email":
            here = ["set email new\(round)@example.com\nnext", "set email half\(round)", "next", "cancel"]
        case "signup.password":
            here = ["set password pass-word-1\nset confirmation pass-word-1\nnext", "set password short", "cancel"]
        case "signup.name":
            here = ["set displayName Zed \(round)", "create", "cancel"]
        case "feed.latest", "feed.popular":
            here = ["popular", "latest", "compose", "compose", "1", "2", "4", "tab profile"]
        case "onboarding.welcome", "onboarding.tabs", "onboarding.gestures":
            here = ["next", "next", "skip", "back"]
        case "onboarding.links":
            here = ["done", "skip", "back"]
        case "profile":
            here = ["edit", "logout", "tab feed"]
        case "profile.edit":
            here = ["set displayName Zed \(round)", "save", "cancel", "discard", "tab profile", "tab feed"]
        case "feed.post":
            here = ["like", "unlike", "back", "compose"]
        case "feed.compose":
            here = ["set text draft \(round)", "set text draft \(round)", "post", "cancel", "discard"]
        default:
            here = []
        }
        let commands = here + here + anywhere
        return commands[random.next(below: commands.count)]
    }
}

/// A small seeded generator (SplitMix64), so a failing sequence is replayed with its seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(bound))
    }
}
