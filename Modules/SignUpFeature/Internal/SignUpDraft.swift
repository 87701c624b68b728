import InputRules

/// What the user typed so far, kept by the sign-up flow and shared by its step
/// screens, so going back to a step, or forward again, shows what was typed.
@MainActor
final class SignUpDraft {
    var email = ""
    var password = ""
    var confirmation = ""
    var displayName = ""

    /// The email as it is checked and registered (``EmailAddress/normalized(_:)``).
    var normalizedEmail: String { EmailAddress.normalized(email) }

    /// The display name as it is registered (``DisplayName/normalized(_:)``).
    var normalizedDisplayName: String { DisplayName.normalized(displayName) }

    /// Why the email cannot be used for a new account (``EmailAddress/problem(_:)``), or `nil` when it can.
    var emailProblem: String? { EmailAddress.problem(email) }

    /// Why the password cannot be used, or `nil` when it is long enough, has no
    /// control character and was typed twice identically.
    ///
    /// Control characters (general category Cc) are refused: they cannot be
    /// typed reliably, and U+0000 would end the password early where it is
    /// hashed as a C string.
    var passwordProblem: String? {
        if password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return SignUpMessage.unprintablePassword
        }
        if password.count < 8 { return SignUpMessage.shortPassword }
        if confirmation != password { return SignUpMessage.passwordMismatch }
        return nil
    }

    /// Why the display name cannot be used (blank, or holding an invisible character), or `nil`.
    var displayNameProblem: String? { DisplayName.problem(displayName) }
}
