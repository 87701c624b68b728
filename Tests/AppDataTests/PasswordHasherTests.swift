import Testing

@testable import AppData

@Suite("Password hashes")
struct PasswordHasherTests {
    @Test("A password hashes to a salted yescrypt hash that verifies it and nothing else")
    func hashVerifies() async throws {
        let hash = try PasswordHasher.hash("correct horse")
        #expect(hash.hasPrefix(PasswordCost.standard.settingPrefix))
        #expect(PasswordHasher.verify("correct horse", against: hash))
        #expect(!PasswordHasher.verify("correct hors", against: hash))
        #expect(try PasswordHasher.hash("correct horse") != hash, "every hash has its own salt")
    }

    @Test(
        "A password containing NUL cannot be hashed",
        arguments: ["ab\u{0}zzzzzzzz", "\u{0}", "\u{0}leading", "trailing\u{0}"])
    func hashRefusesNul(password: String) async {
        #expect(throws: PasswordHasher.Failure.containsNul) { try PasswordHasher.hash(password) }
    }

    @Test("A password containing NUL never verifies, not even against the hash of what precedes the NUL")
    func verifyRefusesNul() async throws {
        let hash = try PasswordHasher.hash("demo-password")
        #expect(PasswordHasher.verify("demo-password", against: hash))
        #expect(!PasswordHasher.verify("demo-password\u{0}x", against: hash))
        #expect(!PasswordHasher.verify("demo-password\u{0}", against: hash))
    }

    @Test("At the minimal cost a hash carries yescrypt's smallest parameters and verifies the same way")
    func minimalCost() async throws {
        let hash = try PasswordHasher.hash("correct horse", cost: .minimal)
        #expect(hash.hasPrefix("$y$j75$") && hash.count > 40)
        #expect(PasswordHasher.verify("correct horse", against: hash))
        #expect(!PasswordHasher.verify("correct hors", against: hash))
        #expect(try PasswordHasher.hash("correct horse").hasPrefix("$y$j9T$"), "the standard cost is the default")
        #expect(try DemoContent.hash(DemoContent.password, cost: .minimal) != DemoContent.passwordHash)
    }

    @Test("The demo account's stored hash is a salted yescrypt hash of the demo password, made with today's cost")
    func demoHash() async throws {
        #expect(DemoContent.passwordHash.hasPrefix(PasswordCost.standard.settingPrefix))
        #expect(PasswordHasher.verify(DemoContent.password, against: DemoContent.passwordHash))
        #expect(!PasswordHasher.verify("demo-passwor", against: DemoContent.passwordHash))
        #expect(try DemoContent.hash(DemoContent.password) == DemoContent.passwordHash)
        let other = try DemoContent.hash("another password")
        #expect(other != DemoContent.passwordHash && PasswordHasher.verify("another password", against: other))
    }
}
