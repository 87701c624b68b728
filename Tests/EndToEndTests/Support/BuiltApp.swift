import AppTesting
import ExecutableTesting
import TerminalTesting
import Testing

extension AppHarness {
    /// The `app` executable `swift build --build-tests` put beside this test bundle.
    static func builtApp() throws -> String {
        try BuiltExecutable.path("app")
    }
}

@Suite("The end-to-end harness")
struct HarnessTests {
    @Test("The app run in process and the app in a terminal run at the same fixed time")
    func oneFixedTime() {
        #expect(AppHarness.now == TmuxSession.now)
    }
}
