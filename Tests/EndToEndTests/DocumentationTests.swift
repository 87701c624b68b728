import AppTesting
import Foundation
import Testing

/// docs/app.md lists every screen id: this holds it to that, against what the composed app's `tree` prints.
@Suite("docs/app.md lists every screen id of the composed app")
@MainActor
struct ScreenIDDocumentationTests {
    /// The text of docs/app.md.
    static func guide() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/app.md"), encoding: .utf8)
    }

    /// The part of `text` under the heading `## title`, up to the next heading of that level.
    static func section(_ title: String, of text: String) throws -> String {
        let start = try #require(text.range(of: "\n## \(title)\n"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test("The screen ids the app shows are the ones the guide lists, no more and no fewer")
    func screenIDsAreDocumented() async throws {
        let listed = Set(
            try Self.section("Screen ids", of: Self.guide()).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            })
        let signUp = InMemoryData()
        let feed = InMemoryData()
        let trees = await [
            signUp.run(
                "tree\nopen app://signup\ntree\nset email new@example.com\nnext\ntree\nset password pass-word-1\n"
                    + "set confirmation pass-word-1\nnext\ntree\nset displayName New\ncreate\ntree\nnext\ntree\nnext\n"
                    + "tree\nnext\ntree\n"),
            feed.run(
                AppHarness.demoLogin + "tree\npost.1\ntree\nback\ncompose\ntree\ncancel\ntab profile\nedit\ntree\n"),
            AppHarness.run(input: ScriptedInput("back\nsheet\ntree\n"), arguments: ["--feature", "Feed"]),
        ]
        var shown: Set<String> = []
        for run in trees {
            #expect(run.status == 0, "\(run.error)")
            shown.formUnion(Self.screenIDs(inTrees: run.output))
        }
        #expect(
            shown.subtracting(listed).isEmpty, "shown but not in docs/app.md: \(shown.subtracting(listed).sorted())")
        #expect(
            listed.subtracting(shown).isEmpty, "in docs/app.md but never shown: \(listed.subtracting(shown).sorted())")
    }

    /// The screen ids in the Screens column of every `tree` printed in `output`.
    static func screenIDs(inTrees output: String) -> Set<String> {
        var ids: Set<String> = []
        var column: Int?
        for line in output.split(separator: "\n") {
            if let header = line.range(of: "Screens"), line.hasPrefix("Coordinators") {
                column = line.distance(from: line.startIndex, to: header.lowerBound)
                continue
            }
            guard let column, line.count > column else { continue }
            let cell = line.dropFirst(column).trimmingCharacters(in: .whitespaces)
            guard let word = cell.split(separator: " ").first, !cell.hasPrefix("presents") else { continue }
            ids.insert(String(word))
        }
        return ids
    }
}

@Suite("What docs/app.md says of --no-restore holds")
@MainActor
struct NoRestoreAdviceTests {
    @Test(
        "--no-restore starts at the saved session's first screen; tab profile and logout fail where nobody is in Main"
    )
    func noRestoreStartsAtTheSessionsFirstScreen() async throws {
        let guide = try ScreenIDDocumentationTests.guide()
        #expect(!guide.contains("(`logout` when it expects the login screen)"), "the advice that fails is gone")
        #expect(
            guide.contains("`logout` suit only a directory known to be logged in and onboarded: elsewhere they fail"))
        let loggedOut = InMemoryData()
        let first = await loggedOut.run("state\n", arguments: ["--no-restore"])
        #expect(first.lastState?.top == "login")
        let logout = await loggedOut.run("logout\n", arguments: ["--no-restore"])
        #expect(logout.status == 1, "logout on a logged-out directory fails, as the guide now says")
        let loggedIn = InMemoryData()
        await #expect(loggedIn.run(AppHarness.demoLogin).status == 0)
        await #expect(loggedIn.run("state\n", arguments: ["--no-restore"]).lastState?.top == "feed.latest")
        let logOut = await loggedIn.run("open app://feed/post/2\n" + AppHarness.logOut, arguments: ["--no-restore"])
        #expect(logOut.status == 0, "\(logOut.error)")
        let touring = InMemoryData()
        await #expect(touring.run(AppHarness.signUp("Tia")).status == 0)
        let tour = await touring.run("state\n" + AppHarness.logOut, arguments: ["--no-restore"])
        #expect(tour.states.first?.top == "onboarding.welcome", "the tour of an account that has not finished it")
        #expect(tour.status == 1, "no tab bar to tap during the tour")
    }
}

@Suite("The composed app's help at 80 columns")
@MainActor
struct AppHelpWidthTests {
    @Test("Every line of the app's help, its deep links included, fits 80 columns and leaves no word alone")
    func fitsEightyColumns() async {
        let help = await InMemoryData().run("help\n").output
        #expect(help.contains("Deep links: app://"))
        for line in help.split(separator: "\n") where line != "Commands:" {
            #expect(line.count < 80, "too wide for 80 columns: \(line)")
            #expect(line.trimmingCharacters(in: .whitespaces).contains(" "), "a word left alone on a line: \(line)")
        }
    }
}

@Suite("Names as the sign-up takes them")
@MainActor
struct NameTests {
    @Test("A name with the joiners of an emoji sequence is taken by the sign-up and reported as it is")
    func joinersAreDrawnRaw() async throws {
        let family = "Zo\u{EB} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let data = InMemoryData()
        let script = """
            signup
            set email zoe@example.com
            next
            set password zoe-password
            set confirmation zoe-password
            next
            set displayName \(family)
            create
            state

            """
        let run = await data.run(script)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == family)
    }
}
