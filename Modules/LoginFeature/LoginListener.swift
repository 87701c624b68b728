/// What the log-in flow tells the parent that shows it.
@MainActor
public protocol LoginListener: AnyObject {
    /// The user logged in, or created an account through sign-up, and
    /// `session` is open. The parent moves on and tears the flow down.
    func loginDidSucceed(_ session: LoginSession)
}
