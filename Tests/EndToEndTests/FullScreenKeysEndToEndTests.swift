import AppTerminal
import AppTesting
import Foundation
import TerminalTesting
import Testing

/// The app in a real terminal (tmux) at 100×30, driven by keys alone as lazygit and k9s are: no command is typed
/// unless the test opens the command line with `:`.
@Suite(
    "Full screen by keys in a real terminal: focus, fields in place, Enter, Esc, tabs, ':' and screens without ids",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenKeysEndToEndTests {
    private static func start(_ data: TemporaryDataDirectory, arguments: [String] = []) throws -> TmuxSession {
        try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path] + arguments, columns: 100, rows: 30)
    }

    /// Waits for the screen after the demo account logged in: the tab bar, and who is logged in on the first row.
    private static func waitForTheDemoLoggedIn(
        _ terminal: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String] {
        try await terminal.waitFor("the tab bar, and who is logged in", sourceLocation: sourceLocation) { screen in
            screen.contains { $0.contains("Feed") && $0.contains("Profile") && !$0.contains("│") }
                && screen[0].contains("● Demo")
        }
    }

    /// The status line: the row with the keys.
    private static func status(_ screen: [String]) -> String {
        screen.last { $0.contains("^C quit") } ?? ""
    }

    /// The row of `screen` (captured with its escapes) that shows `text`.
    private static func row(_ text: String, in screen: [String]) -> String? {
        screen.first { $0.contains(text) }
    }

    /// Whether `row`, captured with its escapes, draws `text` reversed: the last attributes set before it
    /// include reverse video (7).
    private static func isReversed(_ text: String, in row: String) -> Bool {
        guard let range = row.range(of: text) else { return false }
        let before = row[..<range.lowerBound]
        guard let start = before.range(of: "\u{1B}[", options: .backwards) else { return false }
        return before[start.upperBound...].prefix { $0 != "m" }.split(separator: ";").contains("7")
    }

    @Test("At Log in, the keys type into the email field; Tab goes to the password, drawn as dots; Enter logs in")
    func logInByKeys() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try await terminal.waitFor("Email:", seconds: 15)
        try terminal.type("demo@example.com")
        try await terminal.waitFor("Email: demo@example.com")
        // Shift-Tab goes back round to the password; Tab from there round to the email and on to the password.
        try terminal.press("BTab")
        try terminal.press("Tab", "Tab")
        try terminal.type("demo-password")
        let screen = try await terminal.waitFor("Password: •••••••••••••")
        #expect(!screen.joined().contains("demo-password"))
        #expect(Self.status(screen).contains("Enter Log in"))
        try terminal.press("Enter")
        let feed = try await Self.waitForTheDemoLoggedIn(terminal)
        #expect(feed[0].hasPrefix(" Feed"))
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("The email, Enter, the password and Enter sent at once log in; the password is written nowhere")
    func logInByKeysSentAtOnce() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try await terminal.waitFor("Email:", seconds: 15)
        // One send: the terminal may hand all of it to the app in one read, as a script's keys arrive.
        try terminal.press("demo@example.com", "Enter", "demo-password", "Enter")
        let feed = try await Self.waitForTheDemoLoggedIn(terminal)
        #expect(!feed.joined().contains("demo-password"))
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
        for name in files {
            let bytes = FileManager.default.contents(atPath: data.path + "/" + name) ?? Data()
            #expect(bytes.range(of: Data("demo-password".utf8)) == nil, "\(name) holds the password")
        }
    }

    @Test("On the feed: no ids; Down moves the highlight to a post, Enter opens it, the hints change, Esc goes back")
    func feedByKeys() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data)
        var screen = try await terminal.waitForSettled("Linus · 40m", seconds: 15)
        let text = screen.joined()
        #expect(!text.contains("(post.") && !text.contains("[1]") && !text.contains("(tab feed)"))
        // The title once, under it no blank row: the navigation bar shows it.
        #expect(screen[0].hasPrefix(" Feed"))
        #expect(!screen[1].hasPrefix("Feed") && !screen[1].trimmingCharacters(in: .whitespaces).isEmpty)
        let feedHints = Self.status(screen)
        #expect(feedHints.contains("Enter open") && !feedHints.contains("Esc back"))

        try terminal.press("Down")
        screen = try await terminal.waitFor("the highlight on Linus's post") { _ in
            let colours = (try? terminal.screen(escapes: true)) ?? []
            return Self.row("Linus · 40m", in: colours).map { Self.isReversed("Linus · 40m", in: $0) } ?? false
        }
        let colours = try terminal.screen(escapes: true)
        #expect(!(Self.row("Demo · 2m", in: colours).map { Self.isReversed("Demo · 2m", in: $0) } ?? true))
        // The selected tab alone is reversed, on a plain bar.
        let tabBar = try #require(colours.last { $0.contains("Profile") && $0.contains("Feed") })
        #expect(Self.isReversed("Feed", in: tabBar) && !Self.isReversed("Profile", in: tabBar))

        try terminal.press("Enter")
        // The post and its own hints are drawn in one frame; the terminal may show it half drawn for a moment.
        screen = try await terminal.waitFor("the post with its hints") {
            $0[0].contains("Feed › Post") && Self.status($0).contains("Esc back")
        }
        #expect(screen[1].hasPrefix("Linus · 40m"))
        let postHints = Self.status(screen)
        #expect(postHints.contains("Enter Like") && postHints != feedHints)
        for hints in [feedHints, postHints] { #expect(hints.count <= 100 && !hints.hasSuffix("…")) }

        try terminal.press("Escape")
        try await terminal.waitFor("back on the feed") { $0[0].hasPrefix(" Feed ") && !$0[0].contains("›") }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("A key chooses a tab; ':' opens the command line where commands work; '?' shows the keys; i shows ids")
    func tabsCommandLineAndKeys() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data)
        try await terminal.waitForSettled("Linus · 40m", seconds: 15)
        try terminal.type("2")
        try await terminal.waitFor("Profile by its key") { $0[0].hasPrefix(" Profile") }
        try terminal.type("[")
        try await terminal.waitFor("the feed, the tab before") { $0[0].hasPrefix(" Feed") }

        try terminal.type(":tab profile")
        try await terminal.waitFor("the command typed") { $0.contains { $0.hasPrefix(": tab profile") } }
        try terminal.press("Enter")
        var screen = try await terminal.waitFor("Profile by the command") { $0[0].hasPrefix(" Profile") }
        #expect(!screen.contains { $0.hasPrefix(":") }, "the command line closed after running")

        try terminal.type("?")
        try await terminal.waitFor("Tab/Shift-Tab move between fields")
        try terminal.press("Escape")
        try terminal.type("i")
        screen = try await terminal.waitFor("(tab profile)")
        #expect(screen.joined().contains("(edit)"))
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("In a sheet, Esc leaves the field, then dismisses the sheet; the hints fit 80 columns, each whole")
    func escapeInASheet() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path], columns: 80, rows: 24)
        try await terminal.waitForSettled("Linus · 40m", seconds: 15)
        // Up from the first post to New post, and Enter: the sheet it opens is typed into.
        try terminal.press("k")
        try await terminal.waitFor("New post focused") { Self.status($0).contains("Enter New post") }
        try terminal.press("Enter")
        var screen = try await terminal.waitFor("the sheet, its field typed into") { screen in
            screen.contains { $0.contains("┌─ sheet") } && Self.status(screen).contains("Esc, then ? keys")
        }
        #expect(Self.status(screen).contains("Enter Post"), "Enter taps the form's button")
        for hints in [Self.status(screen)] {
            #expect(TerminalText.cellWidth(of: hints) <= 80 && !hints.hasSuffix("…"), "\(hints)")
        }
        try terminal.press("Escape")
        screen = try await terminal.waitFor("the field left") { Self.status($0).contains("Esc close") }
        #expect(screen.contains { $0.contains("┌─ sheet") })
        try terminal.press("Escape")
        try await terminal.waitFor("the sheet dismissed") { screen in
            !screen.contains { $0.contains("┌─ sheet") } && screen[0].hasPrefix(" Feed")
        }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("A form a ':' command opened keeps the keys on the screen: the next ':' command runs, nothing is typed")
    func commandAfterACommandIntoAForm() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data)
        try await terminal.waitForSettled("Linus · 40m", seconds: 15)
        try terminal.command("open app://profile/edit")
        let form = try await terminal.waitFor("the edit, its field marked") { screen in
            screen.contains { $0.contains("Display name") } && Self.status(screen).contains("Enter type")
        }
        #expect(!form.contains { $0.contains(":open") })
        try terminal.command("open app://feed/post/2")
        let post = try await terminal.waitFor("the post the second command opened") { $0[0].contains("Post") }
        #expect(!post.joined().contains(":open"), "the command was run, not typed: \(post)")
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("At Log in, Esc then j walks to the buttons and types nowhere: the password keeps its value")
    func lettersWalkTheLogIn() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try await terminal.waitFor("Email:", seconds: 15)
        try terminal.type("demo@example.com")
        try terminal.press("Tab")
        try terminal.type("demo-password")
        try terminal.press("Escape")
        try terminal.type("kjj")
        // The keys walk, not type: Log in focused with the keys on the screen (`: command`), not the password
        // field, whose hints also say what Enter does next ("Enter Log in") while the password is still typed.
        let screen = try await terminal.waitFor("Log in focused") {
            Self.status($0).contains("Enter Log in") && Self.status($0).contains(": command")
        }
        #expect(
            screen.contains { $0.contains("Password: •••••••••••••") && !$0.contains("••••••••••••••") },
            "\(screen.joined(separator: "\n"))")
        try terminal.press("Enter")
        try await terminal.waitFor("the feed, logged in with the password typed") { $0[0].contains("● Demo") }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("--ids draws ids and action numbers from the start")
    func idsFlag() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data, arguments: ["--ids"])
        try await terminal.waitFor("(post.3)")
        try await terminal.waitFor("[1] Latest (latest)")
    }
}
