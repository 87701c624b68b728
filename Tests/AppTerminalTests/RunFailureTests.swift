import AppInterface
import Testing

@testable import AppTerminal

@Suite("Failures turned into a message and an exit code in one place")
@MainActor
struct RunFailureTests {
    @Test("Each failure writes its one message and returns its exit code")
    func reportWritesTheMessageAndReturnsTheCode() async {
        let failures: [(RunFailure, Int32, String)] = [
            (
                .usage("unknown option '--x'"), ExitCode.usage,
                "app: unknown option '--x'\nsee 'app --help' for the usage\n"
            ),
            (
                .unreadableScript(path: "/a\u{1B}b", reason: "Is a directory"), ExitCode.failure,
                "app: cannot read the script /a\\u{1B}b: Is a directory\n"
            ),
            (.link("not an app:// link"), ExitCode.failure, "app: --open: not an app:// link\n"),
            (
                .script(line: 3, message: "no action 9 on this screen"), ExitCode.failure,
                "line 3: no action 9 on this screen\n"
            ),
            (
                .launch("the first screen could not be shown"), ExitCode.failure,
                "app: the first screen could not be shown\n"
            ),
        ]
        for (failure, code, message) in failures {
            let errorOutput = CapturedOutput()
            #expect(failure.report(to: errorOutput) == code)
            #expect(failure.exitCode == code)
            #expect(errorOutput.text == message)
            #expect(failure.description == message)
        }
    }
}
