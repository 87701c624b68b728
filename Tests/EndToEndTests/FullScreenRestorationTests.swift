import AppTesting
import Foundation
import Glibc
import Testing

/// The full-screen terminal saves where the person is too, before it waits for each key.
@Suite(
    "Restoration in the full-screen terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenRestorationTests {
    @Test("Killed with SIGKILL mid sign-up, the next full-screen run shows the same step with the same text")
    func killedMidSignUp() throws {
        let data = try TemporaryDataDirectory()
        let first = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path])
        try first.waitFor("Email (set email)")
        for line in ["set email kept@example.com", "signup", "set email new@example.com"] {
            try first.type(line)
            try first.press("Enter")
        }
        try first.waitFor("Email (set email): new@example.com")
        let process = try #require(try first.appProcessID())
        kill(process, SIGKILL)

        let second = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path])
        let screen = try second.waitFor("Email (set email): new@example.com")
        #expect(screen.joined().contains("Create account"))
        try second.enter("back")
        try second.waitFor("Email (set email): kept@example.com")
    }
}
