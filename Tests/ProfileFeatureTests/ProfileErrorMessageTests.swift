import ProfileFeature
import Testing

@Suite("Profile's errors read as the screens' messages")
struct ProfileErrorMessageTests {
    @Test("An error interpolated into a notice reads as a sentence, never as Swift's debug text")
    func errorsDescribeThemselves() async {
        #expect("\(ProfileServiceError.unavailable("disk"))" == "Your profile is unavailable: disk")
        #expect("\(ProfileRouteError.unavailable("r"))" == "The edit cannot be shown: r")
        #expect(
            "\(ProfileRouteError.editInProgress)"
                == "Your new display name is not saved: save it, or discard it to go back.")
    }
}
