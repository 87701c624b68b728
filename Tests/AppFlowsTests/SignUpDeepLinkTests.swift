import AppData
import AppTesting
import Foundation
import Testing

/// How the sign-up on screen was opened: pushed by Login's `signup` action, or presented for `app://signup`.
enum SignUpEntry: String, CaseIterable, CustomTestStringConvertible {
    case pushedByLogin = "signup"
    case presentedByLink = "open app://signup"

    var testDescription: String { self == .pushedByLogin ? "pushed by Login" : "presented for app://signup" }

    /// The stack of the navigation controller that shows the sign-up's last step.
    var nameStepNavigation: [String] {
        switch self {
        case .pushedByLogin: ["login", "signup.email", "signup.password", "signup.name"]
        case .presentedByLink: ["signup.email", "signup.password", "signup.name"]
        }
    }

    /// The screens presented while the sign-up is on screen.
    var presented: [String] { self == .pushedByLogin ? [] : ["signup.navigation"] }
}

@Suite("Deep links while a sign-up is on screen")
@MainActor
struct SignUpDeepLinkTests {
    /// Fills every step of a sign-up for Zed but the last tap, `create`.
    static let signUpUpToCreate = [
        "set email zed@example.com", "next", "set password long-enough", "set confirmation long-enough", "next",
        "set displayName Zed",
    ]

    static func script(_ lines: [String]) -> String {
        lines.joined(separator: "\n") + "\n"
    }

    @Test(
        "A protected link keeps the sign-up exactly as it is; finishing it and the tour continues to the link",
        arguments: SignUpEntry.allCases)
    func protectedLinkKeepsSignUp(entry: SignUpEntry) async throws {
        let data = InMemoryData()
        let run = await data.run(
            Self.script(
                [entry.rawValue] + Self.signUpUpToCreate + [
                    "state", "open app://feed/post/2", "state", "create", "skip", "state",
                ]))
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0] == states[1], "the link changed nothing on screen")
        #expect(states[1].top == "signup.name" && states[1].navigation == entry.nameStepNavigation)
        #expect(states[1].presented == entry.presented)
        #expect(states[1].coordinators.allNames.contains("SignUpStepCoordinator(name)"))
        #expect(states[2].loggedIn && states[2].user == "Zed", "what was typed before the link was registered")
        #expect(states[2].top == "feed.post" && states[2].navigation == ["feed", "feed.post"])
        #expect(states[2].presented.isEmpty)
        #expect(states[2].coordinators.childNames == ["main"])
        #expect(states[2].tabs?.selected == "feed")
        #expect(states[2].coordinators.allNames.contains("feed.post"))
        #expect(data.store.accountEmails.contains("zed@example.com"))
    }

    @Test(
        "app://signup while a sign-up is on screen changes nothing and keeps the link waiting",
        arguments: SignUpEntry.allCases)
    func signUpLinkOverSignUp(entry: SignUpEntry) async throws {
        let data = InMemoryData()
        let run = await data.run(
            Self.script(
                ["open app://feed/post/2", entry.rawValue] + Self.signUpUpToCreate
                    + ["state", "open app://signup", "state", "create", "skip", "state"]))
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0] == states[1])
        #expect(states[1].top == "signup.name" && states[1].navigation == entry.nameStepNavigation)
        #expect(states[1].presented == entry.presented)
        #expect(states[2].user == "Zed" && states[2].top == "feed.post")
    }

    @Test(
        "app://login while a sign-up is on screen is refused and changes nothing; the link still waits",
        arguments: SignUpEntry.allCases)
    func loginLinkOverSignUp(entry: SignUpEntry) async throws {
        let data = InMemoryData()
        let lines =
            ["open app://feed/post/2", entry.rawValue] + Self.signUpUpToCreate
            + ["state", "open app://login", "state", "create", "skip", "state"]
        let run = await data.run(Self.script(lines), arguments: ["--keep-going"])
        #expect(run.status == 1)
        let refusedLine = try #require(lines.firstIndex(of: "open app://login")) + 1
        #expect(run.error == "line \(refusedLine): a sign-up is in progress; finish or cancel it first\n")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0] == states[1])
        #expect(states[1].top == "signup.name" && states[1].navigation == entry.nameStepNavigation)
        #expect(states[1].presented == entry.presented)
        #expect(states[2].user == "Zed" && states[2].top == "feed.post")
    }

    @Test("app://login on the first sign-up step is refused too", arguments: SignUpEntry.allCases)
    func loginLinkOverFirstStep(entry: SignUpEntry) async throws {
        let data = InMemoryData()
        let run = await data.run(
            Self.script([entry.rawValue, "state", "open app://login", "state"]), arguments: ["--keep-going"])
        #expect(run.error == "line 3: a sign-up is in progress; finish or cancel it first\n")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0] == states[1] && states[1].top == "signup.email")
    }

    @Test("app://signup after a protected link keeps the link: the finished sign-up continues to it")
    func signUpLinkAfterProtectedLink() async throws {
        let data = InMemoryData()
        let run = await data.run(
            Self.script(
                ["open app://feed/post/2", "open app://signup"] + Self.signUpUpToCreate + ["create", "skip", "state"]))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == "Zed")
        #expect(run.lastState?.top == "feed.post" && run.lastState?.navigation == ["feed", "feed.post"])
        #expect(run.lastState?.presented == [])
    }

    @Test("A cancelled sign-up leaves the link waiting for a log-in")
    func cancelledSignUpKeepsLink() async throws {
        let data = InMemoryData()
        let run = await data.run(
            Self.script(["signup", "open app://feed/post/2", "cancel", "state"]) + AppHarness.demoLogin + "state\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].top == "login" && states[0].navigation == ["login"])
        #expect(states[1].top == "feed.post")
    }
}
