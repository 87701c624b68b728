/// How an interactive gesture ends when it is released.
public enum GestureRelease: Sendable {
    /// As UIKit decides for a released finger: finish at half way or more,
    /// cancel below.
    case automatic
    /// Finish: the screens leave and their coordinators are detached.
    case finish
    /// Cancel: everything returns to where it was; no coordinator changes.
    case cancel
}
