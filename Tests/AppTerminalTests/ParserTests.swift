import AppFlows
import Testing

@testable import AppTerminal

@Suite("Parsers: deep links and command lines")
struct ParserTests {
    @Test(
        "Every documented link parses to its place",
        arguments: [
            ("app://login", DeepLink.login),
            ("app://signup", .signUp),
            ("app://feed", .feed(.latest)),
            ("app://feed/", .feed(.latest)),
            ("app://feed/popular", .feed(.popular)),
            ("app://feed/compose", .feed(.compose)),
            ("app://feed/post/42", .feed(.post(id: "42"))),
            ("app://feed/post/%34%32", .feed(.post(id: "42"))),
            ("app://f%65ed/post/907", .feed(.post(id: "907"))),
        ]
    )
    func acceptedLinks(text: String, link: DeepLink) throws {
        #expect(try DeepLink.parse(text) == link)
    }

    @Test(
        "A link's canonical form parses back to the same place",
        arguments: [
            DeepLink.login, .signUp, .feed(.latest), .feed(.popular), .feed(.compose),
            .feed(.post(id: "9007199254740993")),
        ]
    )
    func canonicalForm(link: DeepLink) throws {
        #expect(try DeepLink.parse(link.url) == link)
    }

    @Test("A link of the maximum length is parsed; one byte more is refused before any other work")
    func lengthLimit() {
        let id = String(repeating: "9", count: DeepLink.maximumLength - "app://feed/post/".count)
        let atLimit = #expect(throws: DeepLinkError.self) { try DeepLink.parse("app://feed/post/" + id) }
        #expect(atLimit == .malformed(link: "app://feed/post/" + id, problem: .invalidPostID))
        #expect(atLimit?.description.hasSuffix(": invalid post id") == true)
        #expect(throws: DeepLinkError.tooLong(maximumLength: 2048)) {
            try DeepLink.parse("app://feed/post/" + id + "9")
        }
    }

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
    func openWithJoiningArgument(line: String) throws {
        let argument = String(line.unicodeScalars.dropFirst(5))
        #expect(try Command.parse(line) == .open(argument))
    }

    @Test("Blank lines and comments are no command", arguments: ["", "   ", "\t", "# note", "   # note"])
    func nothingToDo(line: String) throws {
        #expect(try Command.parse(line) == nil)
    }
}
