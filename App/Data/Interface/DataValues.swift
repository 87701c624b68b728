/// Why creating or renaming an account failed.
package enum AccountFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// An account with this email exists.
    case emailTaken
    /// The email or the display name breaks a rule of ``InputRules``; the rule's message.
    case invalid(String)
    /// The password could not be hashed.
    case hashing(String)
    /// The data failed.
    case data(DataError)

    /// The failure as one sentence.
    package var description: String {
        switch self {
        case .emailTaken: "an account with this email exists"
        case .invalid(let reason), .hashing(let reason): reason
        case .data(let error): error.description
        }
    }
}

/// Why a change to a post failed.
package enum PostFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No post has this id.
    case notFound(String)
    /// The text breaks a rule of ``InputRules``; the rule's message.
    case invalid(String)
    /// The data failed.
    case data(DataError)

    /// The failure as one sentence.
    package var description: String {
        switch self {
        case .notFound(let id): "there is no post '\(id)'"
        case .invalid(let reason): reason
        case .data(let error): error.description
        }
    }
}

/// The order of a list of posts.
package enum PostOrder: Sendable, CaseIterable {
    /// Newest first; ties: the later id first.
    case latest
    /// Most liked first; ties: newest first, then the later id first.
    case popular
}

/// An account as its profile shows it: its name and how many posts it wrote.
package struct AccountSummary: Equatable, Sendable {
    /// The name shown to others.
    package var displayName: String
    /// How many posts the account wrote.
    package var postCount: Int

    /// The summary of an account named `displayName` that wrote `postCount` posts.
    package init(displayName: String, postCount: Int) {
        self.displayName = displayName
        self.postCount = postCount
    }
}
