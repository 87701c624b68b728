import AppFlows
import FeedFeature
import Testing

@Suite("Deep links parse to their places")
struct DeepLinkParserTests {
    @Test(
        "Every documented link parses to its place",
        arguments: [
            ("app://login", DeepLink.login),
            ("app://signup", .signUp),
            ("app://feed", .feed(.segment(.latest))),
            ("app://feed/", .feed(.segment(.latest))),
            ("app://feed/popular", .feed(.segment(.popular))),
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
            DeepLink.login, .signUp, .feed(.segment(.latest)), .feed(.segment(.popular)), .feed(.compose),
            .feed(.post(id: "9007199254740993")),
        ]
    )
    func canonicalForm(link: DeepLink) throws {
        #expect(try DeepLink.parse(link.url) == link)
    }

    @Test("A link of the maximum length is parsed; one byte more is refused before any other work")
    func lengthLimit() async {
        let id = String(repeating: "9", count: DeepLink.maximumLength - "app://feed/post/".count)
        let atLimit = #expect(throws: DeepLinkError.self) { try DeepLink.parse("app://feed/post/" + id) }
        #expect(atLimit == .malformed(link: "app://feed/post/" + id, problem: .invalidPostID))
        #expect(atLimit?.description.hasSuffix(": invalid post id") == true)
        #expect(throws: DeepLinkError.tooLong(maximumLength: 2048)) {
            try DeepLink.parse("app://feed/post/" + id + "9")
        }
    }
}
