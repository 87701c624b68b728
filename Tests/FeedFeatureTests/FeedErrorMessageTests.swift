import FeedFeature
import Testing

@Suite("The feed's errors read as the screens' messages")
struct FeedErrorMessageTests {
    @Test("An error interpolated into a notice reads as a sentence, never as Swift's debug text")
    func errorsDescribeThemselves() async {
        let errors: [any Error] = [
            FeedServiceError.unavailable("the data file is corrupt"), FeedServiceError.postNotFound("2"),
            FeedRouteError.unavailable("r"), FeedRouteError.postNotFound("2"), FeedRouteError.draftInProgress,
        ]
        for error in errors {
            let told = "\(error)"
            #expect(!told.contains("(\""), "\(told)")
            #expect(!told.contains("unavailable(") && !told.contains("postNotFound("), "\(told)")
        }
        #expect("\(FeedServiceError.unavailable("disk"))" == "The feed is unavailable: disk")
    }
}
