/// A coordinator that owns a screen, which its parent decides how to show.
///
/// The parent reads ``viewControllerable`` and pushes it, presents it or embeds
/// it; the child never shows itself. That is what lets one feature be a push in
/// one place and a sheet in another without a change to the feature.
@MainActor
public protocol ViewableCoordinating: Coordinating {
    /// The coordinator's screen, for the parent to show as it chooses.
    var viewControllerable: any ViewControllerable { get }
}

/// A coordinator with a screen, and a typed handle on that screen.
///
/// `viewControllerable` is what the parent shows (push, present or embed);
/// `presenter` is how this coordinator talks to its own screen, typed as the
/// feature's presenter protocol. The two are usually the same object:
///
/// ```swift
/// final class LoginCoordinator: ViewableCoordinator<any LoginPresentable> {
///     init(screen: some ViewControllerable & LoginPresentable) {
///         super.init(viewControllerable: screen, presenter: screen)
///     }
/// }
/// ```
///
/// Because the presenter is a typed argument, handing it a screen that does not
/// conform to the presenter protocol does not compile; nothing is checked at
/// run time.
///
/// The screen is marked as owned by this coordinator: when the user removes it
/// (back, swipe back, swipe down), the runtime detaches and stops this
/// coordinator and calls the parent's ``Coordinator/userDidRemove(_:)``. A
/// screen has one owner: the first coordinator created with it, for as long as
/// that coordinator lives. Another coordinator created with the same screen
/// meanwhile does not take it over.
@MainActor
open class ViewableCoordinator<Presenter>: Coordinator, ViewableCoordinating {
    /// The screen the parent shows.
    public let viewControllerable: any ViewControllerable

    /// The screen, as the protocol this coordinator uses to update it.
    public let presenter: Presenter

    /// Creates a coordinator that owns `viewControllerable` and updates it
    /// through `presenter`.
    public init(viewControllerable: any ViewControllerable, presenter: Presenter) {
        self.viewControllerable = viewControllerable
        self.presenter = presenter
        super.init()
        let screen = viewControllerable.viewController
        if screen.owner == nil { screen.owner = self }
    }

    /// A name for diagnostics, the `tree` view and state dumps: by default
    /// its screen's ``ViewController/screenID``.
    ///
    /// The runtime never relies on a name; people and tests read it. What it
    /// promises is that it does not follow the Swift type: the default
    /// changes only when the screen's id does, and a name a coordinator
    /// overrides is a string it owns, which a class rename leaves as it was
    /// unless someone edits it. Changing either changes what tests that print
    /// the tree see, as changing any output does. Override it only to say
    /// more than the screen's id does, with data the coordinator holds (which
    /// step, which hosted feature), as this repository's sign-up steps do
    /// (`SignUpStepCoordinator(password)`).
    open override var name: String { viewControllerable.viewController.screenID }

    package override var viewableScreen: ViewController? { viewControllerable.viewController }
}
