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

    /// What became of the work when the flow holding it was replaced by a change the person did not make here (a
    /// log-out in another process).
    var droppedDescription: String {
        switch self {
        case .composeDraft: "the draft in compose is gone with it"
        case .signUp: "the sign-up in progress is gone with it"
        case .profileEdit: "the new display name, not saved, is gone with it"
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
