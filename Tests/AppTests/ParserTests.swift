import Testing

@testable import App

@Suite("Parsers: deep links and command lines")
struct ParserTests {
    @Test(
        "Every documented link parses to its place",
        arguments: [
            ("app://login", DeepLink.login),
            ("app://signup", .signUp),
            ("app://feed", .feed),
            ("app://feed/", .feed),
            ("app://feed/popular", .popular),
            ("app://feed/compose", .compose),
            ("app://feed/post/42", .post(id: "42")),
            ("app://feed/post/%34%32", .post(id: "42")),
            ("app://f%65ed/post/a-b_C", .post(id: "a-b_C")),
        ]
    )
    func acceptedLinks(text: String, link: DeepLink) throws {
        #expect(try DeepLink.parse(text) == link)
    }

    @Test("Only feed links need a log-in")
    func protectedLinks() {
        #expect(!DeepLink.login.requiresLogin && !DeepLink.signUp.requiresLogin)
        #expect(DeepLink.feed.requiresLogin && DeepLink.post(id: "1").requiresLogin && DeepLink.compose.requiresLogin)
    }

    @Test("A link of the maximum length is parsed; one byte more is refused before any other work")
    func lengthLimit() {
        let id = String(repeating: "9", count: DeepLink.maximumLength - "app://feed/post/".count)
        let atLimit = #expect(throws: DeepLink.ParseError.self) { try DeepLink.parse("app://feed/post/" + id) }
        #expect(atLimit?.description.hasSuffix(": invalid post id") == true)
        #expect(throws: DeepLink.ParseError(description: "malformed link: longer than 2048 bytes")) {
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

    @Test("Blank lines and comments are no command", arguments: ["", "   ", "\t", "# note", "   # note"])
    func nothingToDo(line: String) throws {
        #expect(try Command.parse(line) == nil)
    }
}
