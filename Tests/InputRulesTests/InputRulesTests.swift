import InputRules
import Testing

@Suite("What counts as blank and as invisible")
struct InputTextTests {
    @Test("Whitespace, line breaks and the joiners alone are blank; anything visible is not")
    func blank() {
        #expect(InputText.isBlank(""))
        #expect(InputText.isBlank(" \t\n\u{00A0}\u{2003}"))
        #expect(InputText.isBlank("\u{200D}"))
        #expect(!InputText.isBlank(" a "))
        #expect(!InputText.isBlank("👍"))
    }

    @Test("Trimming drops only the whitespace around the text")
    func trimmed() {
        #expect(InputText.trimmed("  Ann  Lee \n") == "Ann  Lee")
        #expect(InputText.trimmed("\u{200B}Ann") == "\u{200B}Ann")
        #expect(InputText.trimmed("Ann") == "Ann")
        #expect(InputText.trimmed(" \t\n\u{3000}") == "")
        #expect(InputText.trimmed("") == "")
        #expect(InputText.trimmed("\u{3000}👍🏽 e\u{301}\r\n") == "👍🏽 e\u{301}")
    }

    @Test(
        "Control and format characters are invisible; the joiners emoji need are not",
        arguments: ["\u{200B}", "\u{202E}", "\u{FEFF}", "\u{2066}", "\u{00AD}", "\u{1B}", "\u{0}", "\u{7F}"])
    func invisible(character: String) {
        #expect(InputText.containsInvisibleCharacter("Ann" + character))
    }

    @Test("Letters, emoji with joiners and accents are visible")
    func visible() {
        #expect(!InputText.containsInvisibleCharacter("Zoë 👨‍👩‍👧 Łukasz"))
    }
}

@Suite("Email addresses")
struct EmailAddressTests {
    @Test("Well-formed addresses pass, trimmed and lowercased", arguments: ["a@b.co", "  Ann@Example.COM "])
    func wellFormed(address: String) {
        #expect(EmailAddress.isWellFormed(address))
        #expect(EmailAddress.problem(address) == nil)
    }

    @Test(
        "Malformed addresses are refused with the message",
        arguments: [
            "", "ann", "ann@", "@example.com", "ann@example", "ann@.com", "a b@example.com", "a@b@c.com",
            "ann\u{200B}@example.com", "ann@example.com\u{202E}",
        ])
    func malformed(address: String) {
        #expect(!EmailAddress.isWellFormed(address))
        #expect(EmailAddress.problem(address) == EmailAddress.invalidMessage)
    }

    @Test(
        "Plain ASCII is judged by its bytes as the same text with spaces around it is by its characters",
        arguments: [
            "a@b.co", "A.B@C.D", "a.b.c@d.e.f", "a@b", "@b.co", "a@@b.co", "a@b..co", "a@.b", "a@b.", "a.@b.c",
            ".a@b.c", "a@b.c.", "ab", "a.b", "@", "a@b@c.d", "x+y@sub.example.org",
        ])
    func asciiAgreesWithTheGeneralRule(address: String) {
        // The spaces take the address off the ASCII path; trimmed, they change nothing else.
        #expect(EmailAddress.isWellFormed(address) == EmailAddress.isWellFormed(" \(address) "))
    }

    @Test("A new account's address is at most 64 bytes before the @ and 254 in all; a longer one still logs in")
    func lengths() {
        let longestLocal = String(repeating: "a", count: 64)
        #expect(EmailAddress.problem(longestLocal + "@example.com") == nil)
        #expect(EmailAddress.problem("a" + longestLocal + "@example.com") == EmailAddress.tooLongMessage)
        // 254 bytes in all: a local part of 64, the @, and a domain of 189 (labels of at most 63).
        let domain = [61, 61, 62].map { String(repeating: "d", count: $0) }.joined(separator: ".") + ".co"
        #expect((longestLocal + "@" + domain).utf8.count == 254)
        #expect(EmailAddress.problem(longestLocal + "@" + domain) == nil)
        #expect(EmailAddress.problem(longestLocal + "@d" + domain) == EmailAddress.tooLongMessage)
        // Bytes, not characters: 32 two-byte letters fill a local part, 33 are one too many.
        #expect(EmailAddress.problem(String(repeating: "é", count: 32) + "@example.com") == nil)
        #expect(EmailAddress.problem(String(repeating: "é", count: 33) + "@example.com") == EmailAddress.tooLongMessage)
        #expect(EmailAddress.isWellFormed("a" + longestLocal + "@example.com"), "an older account still logs in")
    }

    @Test("The stored form is trimmed and lowercased")
    func normalized() {
        #expect(EmailAddress.normalized("  Ann@Example.COM\n") == "ann@example.com")
    }

    @Test(
        "A variant of another character (NFKC_Casefold changes it) is refused for a new account, named as typed; log-in takes it",
        arguments: [
            ("\u{FF44}\u{FF45}\u{FF4D}\u{FF4F}@example.com", "\u{FF44}", "FF44"),  // ｄｅｍｏ, full-width
            ("DEMO@\u{FF25}XAMPLE.COM", "\u{FF25}", "FF25"),  // a full-width capital, named as typed, not as ｅ
            ("\u{FB01}@example.com", "\u{FB01}", "FB01"),  // ﬁ, a ligature
            ("\u{1D41D}emo@example.com", "\u{1D41D}", "1D41D"),  // 𝐝, a styled letter
            ("\u{24D3}emo@example.com", "\u{24D3}", "24D3"),  // ⓓ, a circled letter
            ("stra\u{DF}e@example.de", "\u{DF}", "00DF"),  // ß, which case folding makes ss
        ])
    func variantRefused(address: String, variant: Character, code: String) throws {
        let scalar = try #require(variant.unicodeScalars.first)
        #expect(EmailAddress.variantCharacter(in: address) == scalar)
        #expect(EmailAddress.problem(address) == EmailAddress.variantMessage(scalar))
        #expect(EmailAddress.variantMessage(scalar).contains("“\(variant)” (U+\(code))"))
        #expect(EmailAddress.isWellFormed(address), "log-in takes it")
    }

    @Test(
        "Plain addresses, ASCII or in other scripts with composed letters, are their own NFKC-folded form",
        arguments: ["demo@example.com", "  Ann@Example.COM ", "zo\u{EB}@example.com", "\u{4F60}\u{597D}@example.cn"])
    func plainAccepted(address: String) {
        #expect(EmailAddress.variantCharacter(in: address) == nil)
        #expect(EmailAddress.problem(address) == nil)
    }
}

@Suite("Display names")
struct DisplayNameTests {
    @Test("A visible name passes and is stored trimmed")
    func visible() {
        #expect(DisplayName.problem("  Ann Lee ") == nil)
        #expect(DisplayName.normalized("  Ann Lee ") == "Ann Lee")
    }

    @Test("A blank name is refused", arguments: ["", "   ", "\u{200D}"])
    func blank(name: String) {
        #expect(DisplayName.problem(name) == DisplayName.blankMessage)
    }

    @Test(
        "A name holding a zero-width, bidi, BOM or control character is refused",
        arguments: ["\u{200B}", " \u{200B} ", "Ann\u{202E}", "\u{FEFF}Ann", "Ann\u{1B}[2J"])
    func invisible(name: String) {
        #expect(DisplayName.problem(name) == DisplayName.invisibleCharacterMessage)
    }

    @Test(
        "Up to 50 characters (as a person counts them, spaces around not counted) pass; 51 are refused with the length")
    func length() {
        #expect(DisplayName.problem(String(repeating: "a", count: 50)) == nil)
        #expect(DisplayName.problem(String(repeating: "👨‍👩‍👧", count: 50)) == nil)
        #expect(DisplayName.problem("  " + String(repeating: "a", count: 50) + "  ") == nil)
        #expect(DisplayName.problem(String(repeating: "a", count: 51)) == DisplayName.tooLongMessage(length: 51))
        #expect(
            DisplayName.problem(String(repeating: "N", count: 20_000))
                == "A display name can have at most 50 characters; this one has 20000.")
    }
}

@Suite("Post text")
struct PostTextTests {
    @Test("Up to 500 characters (as a person counts them) pass")
    func limit() {
        #expect(PostText.problem(String(repeating: "a", count: 500)) == nil)
        #expect(PostText.problem(String(repeating: "👨‍👩‍👧", count: 500)) == nil)
        #expect(PostText.problem("  " + String(repeating: "a", count: 500) + "  ") == nil, "surrounding spaces")
    }

    @Test("501 characters are refused with a message giving the length")
    func tooLong() {
        #expect(PostText.problem(String(repeating: "a", count: 501)) == PostText.tooLongMessage(length: 501))
        #expect(PostText.tooLongMessage(length: 501).contains("500"))
    }

    @Test("A blank post is refused", arguments: ["", "  ", "\n"])
    func blank(text: String) {
        #expect(PostText.problem(text) == PostText.blankMessage)
    }
}
