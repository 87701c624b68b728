import AppTesting
import Foundation
import Testing

/// The app's basics, in the composed app over in-memory data: the log-out asks first, Profile's actions come before
/// its posts, a post takes several lines, and a back on the compose sheet says how to close it.
@Suite("The app's basics: asking before log-out, actions in reach, several lines, the way out of a sheet")
@MainActor
struct AppBasicsFlowTests {
    /// One keystroke chunk a line of `commands`, then `more`.
    static func keystrokes(_ commands: String, then more: [String]) -> TerminalKeystrokes {
        TerminalKeystrokes(commands.split(separator: "\n").map { $0 + "\n" } + more)
    }

    static let question = "Log out? You need your email and password to log in again. (y/n) "

    @Test("At a terminal, logout asks: n keeps the person logged in, y logs out")
    func logOutAsks() async {
        let data = InMemoryData()
        let run = await data.run(
            input: Self.keystrokes(
                AppHarness.demoLogin + "tab profile\n",
                then: ["logout\n", "n\n", "state\n", "logout\n", "y\n", "state\n"]))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.components(separatedBy: Self.question).count == 3)
        #expect(run.output.contains("Log out: not done; nothing changed."))
        let states = run.output.split(separator: "\n").filter { $0.contains(#""loggedIn":"#) }
        #expect(states.count == 2)
        #expect(states.first?.contains(#""loggedIn":true"#) == true, "the no kept the person logged in")
        #expect(states.last?.contains(#""loggedIn":false"#) == true, "the yes logged out")
    }

    @Test("A script logs out as written: it is asked nothing")
    func scriptLogsOut() async {
        let run = await InMemoryData().run(AppHarness.demoLogin + "tab profile\nlogout\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.contains("(y/n)"))
        #expect(run.lastState?.loggedIn == false)
    }

    @Test("Profile draws Edit and Log out as [1] and [2] before its posts, whatever the list holds")
    func profileActionsFirst() async {
        var script = AppHarness.demoLogin
        for number in 1...25 { script += "compose\nset text Post number \(number)\npost\n" }
        script += "tab profile\nscreen\nmore\nscreen\n"
        let run = await InMemoryData().run(script)
        #expect(run.status == 0, "\(run.error)")
        let screens = run.output.components(separatedBy: "Profile\n=======\n").dropFirst()
        #expect(screens.count == 2)
        for screen in screens {
            let lines = screen.split(separator: "\n")
            #expect(lines.count > 20, "the list is longer than a terminal")
            #expect(lines[2] == "[1] Edit (edit)" && lines[3] == "[2] Log out (logout)", "\(lines.prefix(4))")
        }
    }

    @Test("A post takes several lines: \\n in set text is a line break, kept by the post and drawn as lines")
    func multilinePost() async {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + #"compose\#nset text First line\n\nThird line\#npost\#nscreen\#n"#)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("      First line\n      \n      Third line\n"), "\(run.output)")
        // The row above the post's lines names its action, which opens the detail.
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        let row = lines.firstIndex { $0 == "      First line" }.map { String(lines[$0 - 1]) } ?? ""
        let action = row.split(separator: "(").last.map { String($0.dropLast()) } ?? ""
        #expect(action.hasPrefix("post."), "\(row)")
        let detail = await data.run("\(action)\nscreen\n")
        #expect(detail.status == 0, "\(detail.error)")
        #expect(detail.output.contains("First line\n\nThird line\n"), "\(detail.output)")
    }

    @Test("A back on the compose sheet says how to close it")
    func backOnComposeSheet() async {
        let run = await InMemoryData().run(AppHarness.demoLogin + "compose\nback\n")
        let backLine = AppHarness.demoLogin.split(separator: "\n").count + 2
        #expect(run.status == 1)
        #expect(
            run.error
                == "line \(backLine): there is nothing to go back to; this is a sheet: 'dismiss' swipes it down, or use its own "
                + "action to close it\n")
    }
}
