import AppTesting
import Testing

@Suite("Passwords containing NUL")
@MainActor
struct PasswordNulTests {
    @Test("Signing up with a password containing NUL is refused at the password step, and nothing is registered")
    func signUpWithNulRefused() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(
            """
            signup
            set email nul@example.com
            next
            set password ab\u{0}zzzzzzzz
            set confirmation ab\u{0}zzzzzzzz
            next
            state
            """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 6: Use only printable characters in your password.\n")
        #expect(run.lastState?.top == "signup.password" && run.lastState?.loggedIn == false)
        let login = data.run("set email nul@example.com\nset password ab\nlogin\n", arguments: ["--no-restore"])
        #expect(login.error == "line 3: Wrong email or password.\n", "no account was registered")
    }

    @Test("Logging in with the right password followed by NUL and more is refused")
    func logInWithNulSuffixRefused() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("set email demo@example.com\nset password demo-password\u{0}x\nlogin\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.states.isEmpty)
    }
}
