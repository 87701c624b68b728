import AppTesting
import Foundation
import TerminalTesting
import Testing

/// The `app` executable itself: what it loads, and the real app's end by a signal at its hidden prompt, which the
/// terminal's tests prove for every signal over the stand-in.
@Suite(
    "The app executable: what it loads, and a signal at its hidden prompt",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct ExecutableTests {
    @Test("Line mode (TERM=dumb): SIGINT at the real app's hidden password prompt restores echo and drops the text")
    func signalAtTheHiddenPrompt() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path], environment: ["TERM": "dumb"])
        try await terminal.waitFor("Type help for the commands")
        // Loaded by now: the libraries the app runs with.
        let app = try #require(try terminal.appProcessID())
        let maps = try String(contentsOfFile: "/proc/\(app)/maps", encoding: .utf8)
        #expect(maps.contains("libFoundationEssentials.so"))
        // Foundation and ICU cost every start about 4 ms of loading; the app needs neither.
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(!maps.contains("/" + library), "the app loads \(library)")
        }
        try terminal.enter("set password")
        try await terminal.waitFor("the hidden prompt") { $0.contains { $0.hasSuffix("Password:") } }
        try terminal.type("secret")
        try await terminal.expectEnded(by: SIGINT, leavingUnread: "secret")
    }
}
