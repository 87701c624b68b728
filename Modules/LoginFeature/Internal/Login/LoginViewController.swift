import Core

/// What the `login` screen tells its coordinator.
@MainActor
protocol LoginScreenListener: AnyObject {
    /// The user tapped `login` with what the fields hold.
    func loginScreenDidRequestLogIn(email: String, password: String)

    /// The user tapped `signup`.
    func loginScreenDidRequestSignUp()
}

/// The `login` screen: email, secure password, `login` and `signup`.
final class LoginViewController: ViewController, LoginPresentable {
    weak var listener: (any LoginScreenListener)?
    private(set) var email = ""
    private var password = ""

    init() {
        super.init(screenID: "login")
    }

    override var content: ScreenContent {
        ScreenContent(
            title: "Log in",
            elements: [
                .field(TextField(id: "email", label: "Email", value: email)),
                .field(TextField(id: "password", label: "Password", value: password, isSecure: true)),
                .button(Button(id: "login", title: "Log in")),
                .button(Button(id: "signup", title: "Create account")),
            ],
            errorMessage: inlineError
        )
    }

    override func handleText(_ text: String, forField id: String) {
        switch id {
        case "email": email = text
        case "password": password = text
        default: break
        }
    }

    override func handleAction(_ id: String) {
        switch id {
        case "login": listener?.loginScreenDidRequestLogIn(email: email, password: password)
        case "signup": listener?.loginScreenDidRequestSignUp()
        default: break
        }
    }

    func show(email: String) {
        self.email = email
    }
}
