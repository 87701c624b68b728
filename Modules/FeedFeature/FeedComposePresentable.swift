/// What the compose coordinator tells its screen.
@MainActor
protocol FeedComposePresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any FeedComposeScreenListener)? { get set }

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}
