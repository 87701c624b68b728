import Testing

@testable import AppTerminal

@Suite("Parsers: command lines")
struct ParserTests {
    @Test(
        "Command lines parse to commands; blank lines and comments to nothing",
        arguments: [
            ("login", Command.action("login")),
            ("  post.4  ", .action("post.4")),
            ("3", .actionNumber(3)),
            ("set email a@b.c", .set(field: "email", text: "a@b.c")),
            ("set text  two  words ", .set(field: "text", text: " two  words ")),
            ("set password", .set(field: "password", text: nil)),
            ("set password ", .set(field: "password", text: "")),
            ("open  app://feed ", .open("app://feed")),
            ("back", .back), ("dismiss", .dismiss), ("state", .state), ("tree", .tree), ("screen", .screen),
            ("help", .help), ("quit", .quit),
        ]
    )
    func commands(line: String, command: Command) throws {
        #expect(try Command.parse(line) == command)
    }

    @Test(
        "set splits off its field at a space or tab even when the text starts with a mark that joins the space",
        arguments: [
            ("set text \u{301}hello", "\u{301}hello"),
            ("set text \u{200D}", "\u{200D}"),
            ("set text \u{FE0F}fine", "\u{FE0F}fine"),
            ("set text \u{1F3FD}", "\u{1F3FD}"),
            ("set text 👍\u{1F3FD} thumbs", "👍\u{1F3FD} thumbs"),
            ("set\ttext\t\u{301}", "\u{301}"),
        ]
    )
    func setWithJoiningText(line: String, text: String) throws {
        #expect(try Command.parse(line) == .set(field: "text", text: text))
    }

    @Test(
        "A command word followed by a joining mark is still split off", arguments: ["open \u{301}x", "open\t\u{200D}"])
    func openWithJoiningArgument(line: String) async throws {
        let argument = String(line.unicodeScalars.dropFirst(5))
        #expect(try Command.parse(line) == .open(argument))
    }

    @Test("Blank lines and comments are no command", arguments: ["", "   ", "\t", "# note", "   # note"])
    func nothingToDo(line: String) async throws {
        #expect(try Command.parse(line) == nil)
    }
}
