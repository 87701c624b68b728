import Core

/// One step of sign-up: what its screen shows, and which values of the draft
/// its fields edit. The three steps share one screen type,
/// ``SignUpStepViewController``, configured by this value.
enum SignUpStep: String {
    /// `signup.email`: the email address.
    case email
    /// `signup.password`: the password, typed twice in secure fields.
    case password
    /// `signup.name`: the display name, then `create`.
    case name

    /// A field of a step and the draft value it edits.
    struct Field {
        let id: String
        let label: String
        let isSecure: Bool
        let value: ReferenceWritableKeyPath<SignUpDraft, String>
    }

    /// The step after this one, or `nil` on the last.
    var next: SignUpStep? {
        switch self {
        case .email: .password
        case .password: .name
        case .name: nil
        }
    }

    var screenID: String {
        switch self {
        case .email: "signup.email"
        case .password: "signup.password"
        case .name: "signup.name"
        }
    }

    var title: String {
        switch self {
        case .email: "Create account"
        case .password: "Choose a password"
        case .name: "Your name"
        }
    }

    var caption: String {
        switch self {
        case .email: "Step 1 of 3: your email address."
        case .password: "Step 2 of 3: at least 8 characters."
        case .name: "Step 3 of 3: how other people see you."
        }
    }

    @MainActor var fields: [Field] {
        switch self {
        case .email:
            [Field(id: "email", label: "Email", isSecure: false, value: \.email)]
        case .password:
            [
                Field(id: "password", label: "Password", isSecure: true, value: \.password),
                Field(id: "confirmation", label: "Confirm", isSecure: true, value: \.confirmation),
            ]
        case .name:
            [Field(id: "displayName", label: "Display name", isSecure: false, value: \.displayName)]
        }
    }

    /// The button that goes on: `next`, or `create` on the last step.
    var submitButton: Button {
        switch self {
        case .email, .password: Button(id: "next", title: "Next")
        case .name: Button(id: "create", title: "Create account")
        }
    }
}
