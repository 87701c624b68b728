import AppTesting
import Foundation
import Testing

@testable import AppTerminal

/// docs/app.md says it lists every command and every screen id: these tests hold it to that, against what the
/// app's `help` and `tree` print.
@Suite("docs/app.md lists every command and every screen id")
@MainActor
struct DocumentationTests {
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

    @Test("Every command word of `help`, in both modes, has its row in the guide's table of commands")
    func everyCommandIsDocumented() throws {
        let commands = try Self.section("Commands", of: Self.guide())
        let help = AppHarness.run(input: ScriptedInput("help\n"), arguments: ["--feature", "Login"]).output
        for word in FullScreenHelp.commandWords {
            #expect(help.contains(word) || TerminalCommand(rawValue: word) != nil)
            #expect(commands.contains("| `\(word)"), "docs/app.md's table of commands lacks `\(word)`")
        }
    }

    @Test("The screen ids the app shows are the ones the guide lists, no more and no fewer")
    func screenIDsAreDocumented() throws {
        let listed = Set(
            try Self.section("Screen ids", of: Self.guide()).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("- `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            })
        let signUp = try TemporaryDataDirectory()
        let feed = try TemporaryDataDirectory()
        let trees = [
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

@Suite("help at 80 columns")
@MainActor
struct HelpWidthTests {
    @Test("Every line of help, in the line mode and the full screen, fits 80 columns and leaves no word alone")
    func fitsEightyColumns() {
        let lineMode = AppHarness.run(input: ScriptedInput("help\n"), arguments: ["--feature", "Login"]).output
        // The full screen's help is the line mode's, followed by its own keys and the pointer's.
        let fullScreen = FullScreenHelp.terminalHelp + FullScreenHelp.pointerHelp
        let lines = (lineMode.split(separator: "\n") + fullScreen.split(separator: "\n")).filter { $0 != "Commands:" }
        for line in lines {
            #expect(TerminalText.cellWidth(of: String(line)) < 80, "too wide for 80 columns: \(line)")
            #expect(line.trimmingCharacters(in: .whitespaces).contains(" "), "a word left alone on a line: \(line)")
        }
    }
}

@Suite("What docs/app.md says of --no-restore holds")
@MainActor
struct NoRestoreAdviceTests {
    @Test(
        "--no-restore starts at the saved session's first screen; tab profile and logout fail where nobody is in Main"
    )
    func noRestoreStartsAtTheSessionsFirstScreen() throws {
        let guide = try DocumentationTests.guide()
        #expect(!guide.contains("(`logout` when it expects the login screen)"), "the advice that fails is gone")
        #expect(
            guide.contains("`logout` suit only a directory known to be logged in and onboarded: elsewhere they fail"))
        let loggedOut = try TemporaryDataDirectory()
        let first = loggedOut.run("state\n", arguments: ["--no-restore"])
        #expect(first.lastState?.top == "login")
        let logout = loggedOut.run("logout\n", arguments: ["--no-restore"])
        #expect(logout.status == 1, "logout on a logged-out directory fails, as the guide now says")
        let loggedIn = try TemporaryDataDirectory()
        #expect(loggedIn.run(AppHarness.demoLogin).status == 0)
        #expect(loggedIn.run("state\n", arguments: ["--no-restore"]).lastState?.top == "feed.latest")
        let logOut = loggedIn.run("open app://feed/post/2\n" + AppHarness.logOut, arguments: ["--no-restore"])
        #expect(logOut.status == 0, "\(logOut.error)")
        let touring = try TemporaryDataDirectory()
        #expect(touring.run(AppHarness.signUp("Tia")).status == 0)
        let tour = touring.run("state\n" + AppHarness.logOut, arguments: ["--no-restore"])
        #expect(tour.states.first?.top == "onboarding.welcome", "the tour of an account that has not finished it")
        #expect(tour.status == 1, "no tab bar to tap during the tour")
    }
}
