/// What the compose coordinator tells its screen.
@MainActor
protocol FeedComposePresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any FeedComposeScreenListener)? { get set }

    /// Whether the user has typed a draft that is not empty, which closing
    /// the sheet would lose.
    var holdsDraft: Bool { get }

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}
