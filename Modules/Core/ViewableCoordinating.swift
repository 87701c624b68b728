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
