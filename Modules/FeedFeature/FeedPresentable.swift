import Core

/// What the feed coordinator tells the `feed` screen.
@MainActor
protocol FeedPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any FeedScreenListener)? { get set }

    /// Embeds one screen per segment, in ``FeedSegment/allCases`` order, and
    /// shows the one of `segment`.
    func embed(_ screens: [any ViewControllerable], selecting segment: FeedSegment) throws(NavigationError)

    /// Shows the embedded screen of `segment`.
    func select(_ segment: FeedSegment) throws(NavigationError)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}
