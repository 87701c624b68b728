import LoginFeature
import SignUpFeature
import Testing

@Suite("Log-in's and sign-up's errors read as the screens' messages")
struct LoginErrorMessageTests {
    @Test("An error interpolated into a notice reads as a sentence, never as Swift's debug text")
    func errorsDescribeThemselves() async {
        #expect("\(LoginServiceError.unavailable("disk"))" == "Log-in is unavailable: disk")
        #expect("\(SignUpServiceError.unavailable("disk"))" == "Sign-up is unavailable: disk")
        for told in ["\(LoginServiceError.invalidCredentials)", "\(SignUpServiceError.emailTaken)"] {
            #expect(!told.isEmpty && told != "invalidCredentials" && told != "emailTaken", "\(told)")
        }
    }
}
