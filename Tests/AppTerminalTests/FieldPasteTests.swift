import AppInterface
import AppStandIn
import Core
import Glibc
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("Pastes into a field are one edit: drawn a bounded number of times whatever their size, the line limit once")
@MainActor
struct FieldPasteTests {
    /// The text of a paste of `count` characters: words, a wide character and an accent among them.
    static func pasted(_ count: Int) -> String {
        String(String(repeating: "word é一 ", count: count / 8 + 1).prefix(count))
    }

    @Test("Characters arriving together (a paste the terminal does not bracket) are taken in before one draw")
    func unbracketedPasteIsDrawnOnce() async throws {
        let app = try StandIn.app()
        let text = Self.pasted(20_000)
        let terminal = await app.session.runFullScreen(typing(text))
        // The first draw, the one after the keys, and none per character.
        #expect(terminal.frames.count <= 3, "\(terminal.frames.count) frames for one paste")
        #expect(app.session.inputs == [.setText(text, field: "email")], "set whole, once, at the end")
    }

    @Test("A bracketed paste of 55 KB into a field is one edit and one draw, at the cursor, set whole")
    func bracketedPasteIsOneEdit() async throws {
        let app = try StandIn.app()
        let text = Self.pasted(40_000)
        let keys: [EditingKey] = typing("<>") + [.left, .paste(text, bytes: text.utf8.count)]
        let terminal = await app.session.runFullScreen(keys)
        #expect(terminal.frames.count <= 5, "\(terminal.frames.count) frames")
        #expect(app.session.inputs == [.setText("<" + text + ">", field: "email")])
    }

    @Test("A paste keeps its line breaks in a field of several lines, and is one line in a field of one line")
    func pastedLineBreaks() async throws {
        let note = StandInScreen(
            "note", title: "Note",
            elements: [
                .field(TextField(id: "text", label: "Text", value: "", isMultiline: true)),
                .field(TextField(id: "title", label: "Title", value: "")),
            ])
        let session = try StandInSession(showing: note)
        // A backslash and an n pasted are those two characters, not a line break.
        let pasted = "one\\ntwo\nthree\nfour"
        let keys: [EditingKey] =
            [.paste(pasted, bytes: pasted.utf8.count), .tab, .paste(pasted, bytes: pasted.utf8.count), .tab]
        _ = await session.runFullScreen(keys)
        #expect(note.value(of: "text") == "one\\ntwo\nthree\nfour", "the breaks kept, the backslash too")
        #expect(note.value(of: "title") == "one\\ntwo three four")
    }

    @Test("A paste's bytes as text: each line break one, the rest as pasted; on the command line one line, typed")
    func pastedBytesAsText() {
        let bytes = Array("a\r\nb\rc\nd\te\u{7}f".utf8) + [0xFF]
        #expect(BracketedPaste.text(of: bytes) == "a\nb\nc\nd\te\u{7}f\u{FFFD}")
        #expect(BracketedPaste.commandLine(BracketedPaste.text(of: bytes)) == "a b c d ef\u{FFFD}")
    }

    @Test("A paste into a field is kept as pasted: a tab and an escape stay, drawn escaped, the cursor after them")
    func controlCharactersPastedStay() async throws {
        let note = StandInScreen(
            "note", title: "Note",
            elements: [.field(TextField(id: "text", label: "Text", value: "", isMultiline: true))])
        let session = try StandInSession(showing: note)
        let pasted = "\tTabbed\u{1B}[31mred\u{1B}[0m"
        let terminal = await session.runFullScreen([.paste(pasted, bytes: pasted.utf8.count)])
        let frame = try #require(terminal.frames.last)
        let drawn = "\\u{9}Tabbed\\u{1B}[31mred\\u{1B}[0m"
        let row = try #require(frame.text.firstIndex { $0.contains(drawn) }, "\(frame.text)")
        let end = try #require(frame.text[row].firstRange(of: drawn)).upperBound
        #expect(frame.cursor.row == row)
        #expect(frame.cursor.column == frame.text[row].distance(from: frame.text[row].startIndex, to: end))
        #expect(note.value(of: "text") == pasted, "set as pasted when the run ends")
    }

    @Test("A paste that would make the field longer than a line is refused whole, saying so; the field is as it was")
    func pasteOverTheLimitIsRefused() async throws {
        let app = try StandIn.app()
        let text = String(repeating: "a", count: 100 << 10)
        let terminal = await app.session.runFullScreen(typing("ada") + [.paste(text, bytes: text.utf8.count)])
        #expect(terminal.frames.count <= 4)
        let status = terminal.screen.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(status.contains("the field's text is longer than 65536 bytes: the paste (102400 bytes) was not taken"))
        #expect(app.session.inputs == [.setText("ada", field: "email")])
    }

    @Test("A paste taken after one refused clears the refusal: the field holds what the person sees")
    func pasteTakenClearsAnEarlierRefusal() async throws {
        let app = try StandIn.app()
        let tooLong = String(repeating: "a", count: 100 << 10)
        let terminal = await app.session.runFullScreen(
            typing("ada") + [.paste(tooLong, bytes: tooLong.utf8.count), .paste("@example.com", bytes: 12)])
        #expect(!terminal.screen.joined().contains("was not taken"), "\(terminal.screen.joined(separator: "\n"))")
        #expect(app.session.inputs == [.setText("ada@example.com", field: "email")])
    }

    @Test("100 KB typed unbracketed into a field stops at the line limit, saying so, in a bounded number of draws")
    func typedPastTheLimitStopsThere() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(typing(String(repeating: "b", count: 100 << 10)))
        #expect(terminal.frames.count <= 3, "\(terminal.frames.count) frames")
        #expect(terminal.screen.joined().contains("the field's text is longer than \(LineEditor.maximumBytes) bytes"))
        #expect(
            app.session.inputs == [.setText(String(repeating: "b", count: LineEditor.maximumBytes), field: "email")])
    }

    @Test("Typing edits after a long paste go on in place: the draft keeps the cursor where the paste left it")
    func editingAfterAPaste() async throws {
        let app = try StandIn.app()
        let text = Self.pasted(5_000)
        let keys: [EditingKey] = [.paste(text, bytes: text.utf8.count), .backspace] + typing("!") + [.home, .delete]
        _ = await app.session.runFullScreen(keys)
        #expect(app.session.inputs == [.setText(String(text.dropFirst().dropLast()) + "!", field: "email")])
    }
}

@Suite("Unread input is dropped on leaving, so nothing typed or pasted reaches the shell")
struct UnreadInputTests {
    @Test("Everything waiting is read and dropped, until the input is quiet")
    func discardsWhatWaits() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer {
            close(readEnd)
            close(writeEnd)
        }
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 10)
        for _ in 0..<3 {
            #expect(piece.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) } == piece.count)
        }
        UnreadInput.discard(from: readEnd)
        var waiting = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 0) == 0, "nothing is left to read")
    }
}

@Suite("A paste the terminal does not bracket: its lines stay text in the field, never keys")
@MainActor
struct UnbracketedPasteTests {
    /// A note: a field of several lines, a field of one, and Save.
    private static func note() -> StandInScreen {
        let note = StandInScreen(
            "note", title: "Note",
            elements: [
                .field(TextField(id: "text", label: "Text", value: "", isMultiline: true)),
                .field(TextField(id: "title", label: "Title", value: "")),
                .button(Button(id: "save", title: "Save")),
            ])
        note.actions["save"] = { _ in }
        return note
    }

    /// The keys of `lines` typed with an Enter between each two, all arriving at once.
    private static func pasted(_ lines: [String]) -> [EditingKey] {
        Array(lines.map(typing).joined(separator: [EditingKey.enter]))
    }

    @Test("Lines arriving together keep their breaks in a field of several lines; nothing after them runs")
    func linesStayInTheField() async throws {
        let note = Self.note()
        let session = try StandInSession(showing: note)
        let keys = Self.pasted(["first line", "second line", "", "third line"])
        let terminal = ScriptedTerminal(keys: keys, keysFollowEnter: true)
        await session.runFullScreen(on: terminal)
        #expect(note.value(of: "text") == "first line\nsecond line\n\nthird line")
        #expect(session.inputs.count == 1, "set once, at the end: \(session.inputs)")
    }

    @Test("In a field of one line, an Enter arriving with more text is the key: it sets the field and moves on")
    func enterIsTheKeyInAFieldOfOneLine() async throws {
        let note = Self.note()
        let session = try StandInSession(showing: note)
        let keys: [EditingKey] = [.tab] + Self.pasted(["one", "two"])
        await session.runFullScreen(on: ScriptedTerminal(keys: keys, keysFollowEnter: true))
        #expect(session.inputs.first == .setText("one", field: "title"), "\(session.inputs)")
        #expect(session.inputs.dropFirst().first == .action("save"), "Enter taps the form's button")
        #expect(note.value(of: "title")?.contains(" ") == false, "no line break became a space")
    }

    @Test("An email and a password typed together, each with its Enter, log in; the password goes nowhere else")
    func emailAndPasswordTogetherLogIn() async throws {
        let app = try StandIn.app()
        let keys = Self.pasted(["ada@example.com", StandIn.password, ""])
        let terminal = await app.session.runFullScreen(on: ScriptedTerminal(keys: keys, keysFollowEnter: true))
        #expect(
            app.session.inputs == [
                .setText("ada@example.com", field: "email"), .setText(StandIn.password, field: "password"),
                .action("login"),
            ])
        #expect(terminal.screen[0].contains("Home"), "\(terminal.screen)")
        let signIn = try #require(app.session.screen("signin"))
        #expect(signIn.value(of: "email") == "ada@example.com")
    }

    @Test("An Enter pressed after what arrived sets the field and moves on, the paste's breaks kept")
    func enterAfterTheBurstIsPressed() async throws {
        let note = Self.note()
        let session = try StandInSession(showing: note)
        let lines = Self.pasted(["one", "two"])
        let keys = lines + [.enter, .escape]
        let terminal = ScriptedTerminal(keys: keys, keysFollowEnter: true, readsBeginAt: [lines.count])
        await session.runFullScreen(on: terminal)
        #expect(note.value(of: "text") == "one\ntwo")
        #expect(session.inputs.count == 1, "the text set by Enter, and the title not typed into: \(session.inputs)")
    }

    /// New post: its text, a field of several lines, then Post.
    private static func compose() -> StandInScreen {
        let compose = StandInScreen(
            "compose", title: "New post",
            elements: [
                .field(TextField(id: "text", label: "Post", value: "", isMultiline: true)),
                .button(Button(id: "post", title: "Post")),
            ])
        compose.actions["post"] = { _ in }
        return compose
    }

    @Test("A paste of lines ending in a line break keeps the last one too: nothing posts until Enter is pressed")
    func pasteEndingInALineBreakDoesNotPost() async throws {
        let compose = Self.compose()
        let session = try StandInSession(showing: compose)
        let pasted = Self.pasted(["line one", "line two", "q", "j", ""])
        await session.runFullScreen(on: ScriptedTerminal(keys: pasted, keysFollowEnter: true))
        #expect(!session.inputs.contains(.action("post")), "\(session.inputs)")
        #expect(compose.value(of: "text") == "line one\nline two\nq\nj\n")

        let reviewed = Self.compose()
        let pressed = try StandInSession(showing: reviewed)
        let terminal = ScriptedTerminal(keys: pasted + [.enter], keysFollowEnter: true, readsBeginAt: [pasted.count])
        await pressed.runFullScreen(on: terminal)
        #expect(pressed.inputs.count == 2 && pressed.inputs.last == .action("post"), "\(pressed.inputs)")
        #expect(reviewed.value(of: "text") == "line one\nline two\nq\nj\n", "posted as pasted, once reviewed")
    }

    @Test("One line and Enter arriving together (a script's keys) is the line and the key: it posts")
    func oneLineAndEnterTogetherPost() async throws {
        let compose = Self.compose()
        let session = try StandInSession(showing: compose)
        await session.runFullScreen(on: ScriptedTerminal(keys: typing("quick") + [.enter], keysFollowEnter: true))
        #expect(session.inputs == [.setText("quick", field: "text"), .action("post")])
    }
}
