/// How a presented screen covers the one that presents it, as in UIKit.
public enum PresentationStyle: String, Sendable, CaseIterable {
    /// Covers the whole window; the screens below disappear. The user cannot
    /// swipe it down.
    case fullScreen
    /// Covers the whole window, but the screens below stay visible (they get no
    /// disappear callbacks). The user cannot swipe it down.
    case overFullScreen
    /// A card over the presenter, which stays visible. The user can swipe it
    /// down unless it is modal in presentation.
    case pageSheet
    /// A smaller card over the presenter, which stays visible. The user can
    /// swipe it down unless it is modal in presentation.
    case formSheet

    /// Whether the screens below stay visible while this one is shown.
    public var keepsPresenterVisible: Bool { self != .fullScreen }

    /// Whether the user can dismiss it with a swipe down.
    public var allowsSwipeDown: Bool { self == .pageSheet || self == .formSheet }
}
