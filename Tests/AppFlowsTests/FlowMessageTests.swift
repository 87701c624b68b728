import AppFlows
import AppInterface
import AppTesting
import Testing

/// What the app's flows can print is for people: their errors read as sentences, never as Swift's debug text,
/// whatever path a failure takes to the screen (the data's and Core's errors, and the scan of every error type, are
/// in the data's `MessageTests`).
@Suite("The flows' errors read as sentences, without Swift debug text")
struct FlowMessageTests {
    @Test("Every error value of the flows reads as a sentence, as interpolated where it is told")
    func everyErrorValueReads() async {
        let errors: [any Error] = [
            UserFacingError(description: "u"), AppFailure.flowNotShown("the feed", reason: "r"),
            AppFailure.logOutNotSaved(reason: "r"), AppFailure.linkFailedAfterLogIn(UserFacingError(description: "u")),
            DeepLinkError.tooLong(maximumLength: 2048),
            DeepLinkError.malformed(link: "app://feed/post/+2", problem: .invalidPostID),
            DeepLinkError.unknown(link: "app://nowhere"),
        ]
        for error in errors {
            let told = "\(error)"
            #expect(!MessageScan.containsDebugText(told), "\(told)")
            #expect(!told.isEmpty)
        }
    }

    @Test("Every failing command of a hostile script, and every notice at start, is told without debug text")
    @MainActor
    func hostileScriptIsToldPlainly() async {
        let script = """
            nope
            set
            set nosuchfield x
            open app://nowhere
            open app://feed/post/+2
            open app://feed/post/%zz
            login
            \(AppHarness.demoLogin)open app://feed/post/999
            open app://signup
            swipe back 2
            release
            compose
            set text \(String(repeating: "x", count: 600))
            post
            set text
            post
            logout
            logout

            """
        let run = await InMemoryData().run(script, arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error.split(separator: "\n").count >= 8, "\(run.error)")
        #expect(!MessageScan.containsDebugText(run.error), "\(run.error)")
        #expect(!MessageScan.containsDebugText(run.output), "\(run.output)")
    }
}
