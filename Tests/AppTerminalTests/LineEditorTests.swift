import Foundation
import Testing

@testable import AppTerminal

@Suite("Command line: editing keys, history kept across runs, Tab completion")
struct LineEditorTests {
    static func typed(_ text: String, into editor: inout LineEditor) {
        for character in text { editor.apply(.character(character)) }
    }

    @Test("Left, right, home and end move; typing inserts at the cursor; backspace and delete remove one character")
    func movingAndEditing() async {
        var editor = LineEditor()
        Self.typed("logn", into: &editor)
        editor.apply(.left)
        Self.typed("i", into: &editor)
        #expect(editor.text == "login" && editor.cursor == 4)
        editor.apply(.home)
        Self.typed("x", into: &editor)
        editor.apply(.delete)
        #expect(editor.text == "xogin" && editor.cursor == 1)
        editor.apply(.backspace)
        editor.apply(.backspace)
        #expect(editor.text == "ogin" && editor.cursor == 0)
        editor.apply(.end)
        editor.apply(.right)
        #expect(editor.cursor == 4)
    }

    @Test("Word jumps, Ctrl-W, Ctrl-U and Ctrl-K work on runs of non-spaces")
    func wordsAndKills() async {
        var editor = LineEditor()
        Self.typed("set text hello  wide world", into: &editor)
        editor.apply(.wordLeft)
        #expect(editor.cursor == 21)
        editor.apply(.wordLeft)
        #expect(editor.cursor == 16)
        editor.apply(.wordRight)
        #expect(editor.cursor == 20)
        editor.apply(.deleteToEnd)
        #expect(editor.text == "set text hello  wide")
        editor.apply(.deleteWordBackward)
        #expect(editor.text == "set text hello  ")
        editor.apply(.left)
        editor.apply(.deleteToStart)
        #expect(editor.text == " " && editor.cursor == 0)
    }

    @Test("The cursor moves over whole characters: an emoji, a CJK character, a letter typed with its accent")
    func graphemes() async {
        var editor = LineEditor()
        Self.typed("a😀世e", into: &editor)
        editor.apply(.character("\u{301}"))
        #expect(editor.text == "a😀世e\u{301}" && editor.cursor == 4)
        editor.apply(.left)
        editor.apply(.left)
        editor.apply(.backspace)
        #expect(editor.text == "a世é")
    }

    @Test("Up and Down walk the history and give back the line being typed; blank and repeated lines are not kept")
    func history() async {
        var editor = LineEditor(history: ["login"])
        Self.typed("compose", into: &editor)
        _ = editor.submit(remembers: true)
        Self.typed("compose", into: &editor)
        _ = editor.submit(remembers: true)
        _ = editor.submit(remembers: true)
        #expect(editor.history == ["login", "compose"])
        Self.typed("half", into: &editor)
        editor.apply(.up)
        #expect(editor.text == "compose")
        editor.apply(.up)
        editor.apply(.up)
        #expect(editor.text == "login")
        editor.apply(.down)
        editor.apply(.down)
        #expect(editor.text == "half" && editor.cursor == 4)
        Self.typed("x", into: &editor)
        _ = editor.submit(remembers: false)
        #expect(editor.history == ["login", "compose"], "a line not to remember (a password) is not kept")
    }

    @Test("A history of no directory, a playground's, starts empty and keeps nothing")
    func historyOfNoDirectory() async {
        let history = CommandHistory(directory: nil)
        history.append("login", to: [])
        #expect(history.path == nil && history.load().isEmpty)
    }

    @Test("The history file keeps lines across runs, trimmed to its limit")
    func historyFile() async throws {
        let folder = try TemporaryFolder()
        let history = CommandHistory(directory: folder.path)
        #expect(history.load().isEmpty)
        history.append("login", to: [])
        history.append("set text 世界", to: ["login"])
        #expect(CommandHistory(directory: folder.path).load() == ["login", "set text 世界"])
        let many = (0..<(2 * CommandHistory.limit)).map { "line \($0)" }
        history.append("last", to: many)
        let loaded = CommandHistory(directory: folder.path).load()
        #expect(loaded.count == CommandHistory.limit && loaded.last == "last")
        let attributes = try FileManager.default.attributesOfItem(atPath: try #require(history.path))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    static let vocabulary = Completion.Vocabulary(
        commands: ["set", "back", "open", "screen", "state", "help", "quit"], actions: ["login", "signup"],
        fields: ["email", "password"], links: ["app://feed", "app://feed/popular", "app://feed/post/"],
        tabs: ["feed", "profile"])

    @Test(
        "Tab completes commands and action ids, field names after set, deep links after open, tab ids after tab",
        arguments: [
            ("log", "login "), ("sc", "screen "), ("s", "s"), ("set em", "set email "),
            ("open app://feed/p", "open app://feed/po"),
            ("open app://feed/pop", "open app://feed/popular "), ("back x", nil), ("zzz", nil),
            ("tab p", "tab profile "), ("tab f", "tab feed "), ("tab x", nil),
        ] as [(String, String?)])
    func completion(typed: String, completed: String?) {
        let result = Completion.complete(typed, cursor: typed.count, vocabulary: Self.vocabulary)
        #expect(result?.text == completed)
        if let result { #expect(result.cursor == result.text.count) }
    }

    @Test("Several candidates are listed; a completion in the middle of the line keeps the rest")
    func candidatesAndMiddle() async {
        let several = Completion.complete("s", cursor: 1, vocabulary: Self.vocabulary)
        #expect(several?.candidates == ["screen", "set", "signup", "state"])
        let middle = Completion.complete("set pass x", cursor: 8, vocabulary: Self.vocabulary)
        #expect(middle?.text == "set password  x" && middle?.cursor == 13)
    }
}
