/// What a sign-up step's coordinator tells its screen.
@MainActor
protocol SignUpStepPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any SignUpStepScreenListener)? { get set }

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}
