import AppInterface
import AppStandIn
import Core
import Glibc
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("q: back as Esc goes, and at the first screen quit, asking first")
@MainActor
struct QuitKeyTests {
    /// Runs the full screen over the stand-in home screen with `keys`; its exit code and the terminal.
    private static func run(
        _ keys: [EditingKey]
    ) async throws -> (status: Int32, session: StandInSession, ScriptedTerminal) {
        let session = try StandInSession(showing: StandIn.home())
        _ = session.start(restores: false, initialLink: nil)
        let terminal = ScriptedTerminal(keys: keys)
        let fullScreen = FullScreenSession(
            session: session, terminal: terminal, history: CommandHistory(directory: nil))
        let status = await fullScreen.run(linkFailure: nil, errorOutput: CapturedOutput())
        return (status, session, terminal)
    }

    @Test("On a pushed screen q goes back, as Esc does; over the keys shown, it closes them")
    func qGoesBack() async throws {
        let (status, session, terminal) = try await Self.run([.down, .enter, .character("q")])
        #expect(session.inputs.last == .gesture(.backButton))
        #expect(terminal.screen[0].contains("Home") && !terminal.screen[0].contains("›"))
        #expect(status == 128 + SIGTERM, "still running until the signal")

        let (_, _, shown) = try await Self.run([.character("?"), .character("q")])
        #expect(!shown.screen.contains { $0.contains("Tab/Shift-Tab move between fields") })
    }

    @Test("At the first screen q asks before quitting: y quits, any other key stays")
    func qAsksAtTheRoot() async throws {
        let (stays, _, asked) = try await Self.run([.character("q"), .character("n")])
        #expect(asked.frames.contains { $0.text.contains { $0.contains(FullScreenSession.quitQuestion) } })
        #expect(!asked.screen.contains { $0.contains(FullScreenSession.quitQuestion) })
        #expect(stays == 128 + SIGTERM)

        let (quits, _, _) = try await Self.run([.character("q"), .character("y")])
        #expect(quits == 0)
    }

    @Test("In a field q is typed")
    func qIsTypedInAField() async throws {
        #expect(KeyDispatch.command(for: .character("q"), in: .browsing) == .backOrQuit)
        #expect(KeyDispatch.command(for: .character("q"), in: .typing) == .typeInField(.character("q")))
        let app = try StandIn.app()
        await app.session.runFullScreen(typing("q@b.c"))
        #expect(app.session.inputs == [.setText("q@b.c", field: "email")])
    }
}

@Suite("A button not available yet says why")
@MainActor
struct UnavailableButtonTests {
    @Test("Enter in an empty form names the blank field its button waits for, by their titles, never ids")
    func formButtonNamesTheBlankField() async throws {
        func compose() -> StandInScreen {
            StandInScreen(
                "compose", title: "New post",
                elements: [
                    .field(TextField(id: "text", label: "Post", value: "", isMultiline: true)),
                    .button(Button(id: "post", title: "Post", isEnabled: false)),
                ])
        }
        let session = try StandInSession(showing: compose())
        let terminal = await session.runFullScreen([.enter])
        let shown = terminal.screen.joined(separator: "\n")
        #expect(shown.contains("error: Post is not available yet: fill in Post first"), "\(shown)")
        #expect(!shown.contains("'post'"))

        // The field goes on taking the keys: the letters are the post's text, never keys on the screen.
        let screen = compose()
        let typedOn = try StandInSession(showing: screen)
        let typed = await typedOn.runFullScreen([.enter] + typing("quick"))
        #expect(screen.value(of: "text") == "quick", "\(typedOn.inputs)")
        #expect(typedOn.inputs == [.setText("quick", field: "text")])
        #expect(typed.frames.last?.showsCursor == true, "the field is typed into")
    }

    @Test("A button tapped while it cannot be says so by its title")
    func tappedByTitle() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen([.escape, .character("G"), .enter])
        let shown = terminal.screen.joined(separator: "\n")
        #expect(shown.contains("error: Remind me is not available now"), "\(shown)")
    }
}
