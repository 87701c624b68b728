/// Every message Profile's screens show, in one place.
enum ProfileMessage {
    static let emptyList = "No posts yet."
    static let discardQuestion = "Discard your new display name?"
    /// What a person confirms before `logout` logs them out.
    static let logOutQuestion = "Log out? You need your email and password to log in again."
    static let backRefused = "Your new display name is not saved: save it, or discard it to go back."

    /// How many posts the person wrote, such as "1 post" or "3 posts".
    static func postCount(_ count: Int) -> String {
        count == 1 ? "1 post" : "\(count) posts"
    }

    /// How many people like a post, such as "1 like" or "3 likes".
    static func likes(_ count: Int) -> String {
        count == 1 ? "1 like" : "\(count) likes"
    }

    /// A Profile service could not answer.
    static func unavailable(_ reason: String) -> String {
        "Your profile is unavailable: \(reason)"
    }

    /// A screen could not be shown or closed: Profile was built in a place that cannot push, which is a mistake
    /// of the parent, reported rather than hidden.
    static func cannotShow(_ error: any Error) -> String {
        "This cannot be shown: \(error)"
    }

    /// The message for a route the person took (`edit`) that cannot be shown.
    static func message(for error: ProfileRouteError) -> String {
        switch error {
        case .editInProgress: backRefused
        case .unavailable(let reason): "The edit cannot be shown: \(reason)"
        }
    }

    /// The message for an error of a Profile service.
    static func message(for error: ProfileServiceError) -> String {
        switch error {
        case .unavailable(let reason): unavailable(reason)
        }
    }
}
