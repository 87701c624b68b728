/// Every message the feed's screens show, in one place.
enum FeedMessage {
    static let emptyList = "No posts yet."
    static let postNotFound = "This post no longer exists."
    static let discardQuestion = "Discard this draft?"
    static let draftInProgress = "The compose sheet holds an unsaved draft; post or discard it first."

    /// The post service could not answer.
    static func unavailable(_ reason: String) -> String {
        "The feed is unavailable: \(reason)"
    }

    /// A screen could not be shown or closed: the feed was built in a place
    /// that cannot push or present, which is a mistake of the parent,
    /// reported rather than hidden.
    static func cannotShow(_ error: any Error) -> String {
        "This cannot be shown: \(error)"
    }

    /// A screen could not be shown or closed, for `reason`.
    static func cannotShow(reason: String) -> String {
        "This cannot be shown: \(reason)"
    }

    /// The message for an error of the post service.
    static func message(for error: FeedServiceError) -> String {
        switch error {
        case .postNotFound: postNotFound
        case .unavailable(let reason): unavailable(reason)
        }
    }

    /// The message for a route the user took (a post, a segment) that cannot
    /// be shown.
    static func message(for error: FeedRouteError) -> String {
        switch error {
        case .postNotFound: postNotFound
        case .draftInProgress: draftInProgress
        case .unavailable(let reason): "The post cannot be shown: \(reason)"
        }
    }
}
