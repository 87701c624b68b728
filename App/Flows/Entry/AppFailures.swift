package import AppInterface

/// Something the app coordinator could not do while carrying out a command; see ``AppCoordinator/carryOut(_:)``.
package enum AppFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A flow (`the login screen`, `the tab bar`, `sign-up` …) could not be shown, for `reason`.
    case flowNotShown(String, reason: String)
    /// The link remembered while logged out could not be followed once Main showed.
    case linkFailedAfterLogIn(UserFacingError)
    /// The log-out happened on screen but could not be saved, for `reason`.
    case logOutNotSaved(reason: String)
    /// The end of the onboarding tour could not be saved, for `reason`: it shows again at the next start.
    case onboardingNotSaved(reason: String)
    /// The Feed tab's badge could not be read or the look at Latest not saved, for `reason`.
    case badgeNotUpdated(reason: String)

    package var description: String {
        switch self {
        case .flowNotShown(let flow, let reason): "\(flow) cannot be shown: \(reason)"
        case .linkFailedAfterLogIn(let error): error.description
        case .logOutNotSaved(let reason): "the log-out could not be saved, so you are still logged in: \(reason)"
        case .onboardingNotSaved(let reason):
            "the end of the onboarding tour could not be saved, so it shows again next time: \(reason)"
        case .badgeNotUpdated(let reason): "the Feed tab's badge cannot be updated: \(reason)"
        }
    }
}

/// What went wrong while one command ran, for a root coordinator to return from `carryOut(_:)`: failures are
/// recorded only while a command runs, and nothing is kept once it returns.
@MainActor
package final class CommandFailures {
    private var current: [AppFailure]?

    /// Runs `command` and returns the first failure recorded while it ran. Calls may nest; each returns its own.
    ///
    /// - Throws: what `command` throws; the failures recorded before it threw are then dropped with it.
    func collect<Failure: Error>(_ command: () throws(Failure) -> Void) throws(Failure) -> AppFailure? {
        let outer = current
        current = []
        defer { current = outer }
        try command()
        return current?.first
    }

    /// Runs `work`, which may suspend, and returns the first failure recorded while it ran, as ``collect(_:)``
    /// does.
    ///
    /// - Throws: what `work` throws; the failures recorded before it threw are then dropped with it.
    func collect<Failure: Error>(_ work: () async throws(Failure) -> Void) async throws(Failure) -> AppFailure? {
        let outer = current
        current = []
        defer { current = outer }
        try await work()
        return current?.first
    }

    /// Records `failure` for the command running now; outside a command there is no one to tell, and it is dropped.
    func record(_ failure: AppFailure) {
        current?.append(failure)
    }
}
