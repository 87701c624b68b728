/// Work a person leaves unfinished by leaving the app now; both modes ask before leaving with it, and say what
/// comes back at the next start.
package enum UnsavedWork: Equatable, Sendable, CustomStringConvertible {
    /// The compose sheet holds text not yet posted.
    case composeDraft
    /// A sign-up is on screen, not finished.
    case signUp
    /// Profile's edit holds a new display name not yet saved.
    case profileEdit

    package var description: String {
        switch self {
        case .composeDraft: "The draft is kept for next time"
        case .signUp: "The sign-up is kept for next time, without passwords"
        case .profileEdit: "The new display name is kept for next time, not saved"
        }
    }

    /// What leaving does to the work where nothing is kept for next time (a playground).
    var lostDescription: String {
        switch self {
        case .composeDraft: "The draft is lost: a playground keeps nothing"
        case .signUp: "The sign-up is lost: a playground keeps nothing"
        case .profileEdit: "The new display name is lost: a playground keeps nothing"
        }
    }
}
