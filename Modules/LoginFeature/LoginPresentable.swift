/// What the log-in coordinator tells its screen.
@MainActor
protocol LoginPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any LoginScreenListener)? { get set }

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}
