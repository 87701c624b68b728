package import AppInterface
import Core
import FoundationEssentials

/// One feature that `app --feature NAME` hosts alone: how to build it with in-memory services, and how what it
/// tells its listener reaches the stand-in parent (``PlaygroundCoordinator``), which shows it pushed, as a sheet or
/// embedded, as a real parent would. A team iterates on one feature this way without the whole app.
///
/// Each feature's playground is defined in its own file in this folder, as a static member (``login``), and
/// listed once in ``all``.
@MainActor
package struct FeaturePlayground {
    /// A feature built for the playground: its coordinator, and the listener that forwards what it reports to the
    /// stand-in parent. Features hold their listener weakly, so the parent keeps it for as long as it shows the
    /// feature.
    struct Hosted {
        /// The feature's coordinator, to attach and show.
        let coordinator: any ViewableCoordinating
        /// The feature's listener.
        let listener: AnyObject
        /// The work leaving now would lose, as the feature's coordinating protocol tells it (`nil` for none).
        let unsavedWork: @MainActor () -> UnsavedWork?

        /// The feature `coordinator` reporting to `listener`; `unsavedWork` asks the feature what leaving would
        /// lose (by default, nothing).
        init(
            coordinator: any ViewableCoordinating, listener: AnyObject,
            unsavedWork: @escaping @MainActor () -> UnsavedWork? = { nil }
        ) {
            self.coordinator = coordinator
            self.listener = listener
            self.unsavedWork = unsavedWork
        }
    }

    /// The feature's name, as `--feature` takes it (in any case) and as the playground's title shows it.
    package let name: String
    /// One sentence on what the playground offers, such as the account to log in with.
    package let summary: String
    /// Builds a fresh feature over fresh in-memory services, reporting to `parent`.
    let build: @MainActor (_ parent: any PlaygroundParent) -> Hosted

    /// Every playground `--feature` knows, in the order the usage lists them. A feature adds itself with one line.
    package static let all: [FeaturePlayground] = [
        .login,
        .signUp,
        .feed,
        .onboarding,
        .profile,
        // new-feature: playgrounds
    ]

    /// The playground of the feature `name`, compared without regard to case, or `nil` when there is none.
    package static func named(_ name: String) -> FeaturePlayground? {
        all.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Why `--feature name` names no playground, listing the ones there are; `nil` when it names one.
    package static func refusal(_ name: String) -> String? {
        named(name) == nil ? unknown(name).description : nil
    }

    /// The refusal of a name no playground has, listing the ones there are.
    package static func unknown(_ name: String) -> UserFacingError {
        UserFacingError(
            description: "no playground for the feature '\(UserFacingError.quoted(name))' "
                + "(features: \(all.map(\.name).joined(separator: ", ")))")
    }
}

/// The stand-in parent, as a playground's listener sees it: it records what the feature reports and, when the
/// feature says it is done, hides and releases it, as the app would.
@MainActor
protocol PlaygroundParent: AnyObject {
    /// The time the in-memory services use: the real time, or `APP_NOW`.
    var now: Date { get }

    /// The feature told its parent `event` (the listener call, such as `profileDidLogOut()`) and is done: the parent
    /// shows the event, then hides and detaches the feature.
    func featureDidFinish(_ event: String)
}

/// The base of every playground's listener: it holds the stand-in parent weakly, as a feature's parent is held,
/// and forwards what the feature reports. A playground's listener subclasses it and conforms to the feature's
/// listener protocol, calling ``finish(_:)`` from each of its methods.
@MainActor
class PlaygroundListener {
    private weak var parent: (any PlaygroundParent)?

    init(parent: any PlaygroundParent) {
        self.parent = parent
    }

    /// Tells the stand-in parent that the feature reported `event` and is done.
    func finish(_ event: String) {
        parent?.featureDidFinish(event)
    }
}
