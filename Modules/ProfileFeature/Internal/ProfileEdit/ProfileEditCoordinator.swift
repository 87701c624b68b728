import Core
import InputRules

/// What the edit tells Profile, which then pops and detaches it.
@MainActor
protocol ProfileEditListener: AnyObject {
    /// The new name was saved; `summary` is the profile as stored now.
    func editDidSave(_ summary: ProfileSummary)

    /// The person closed the edit without a new name: `cancel`, `discard`, or `save` of the saved name.
    func editDidClose()
}

/// What the edit coordinator tells its screen.
@MainActor
protocol ProfileEditPresentable: AnyObject {
    /// Receives what the person does on the screen. Held weakly by the screen.
    var listener: (any ProfileEditScreenListener)? { get set }

    /// Whether the field holds a name other than the saved one, which closing the screen would lose.
    var holdsChange: Bool { get }

    /// The name as typed.
    var displayName: String { get }

    /// Puts `displayName` into the field, as if the person had typed it.
    func show(displayName: String)

    /// Makes `savedName` the name a change is measured against, and puts it into the field.
    func show(savedName: String)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}

/// The edit of the person's display name: checks the typed name with `InputRules.DisplayName` and saves it.
final class ProfileEditCoordinator: ViewableCoordinator<any ProfileEditPresentable> {
    weak var listener: (any ProfileEditListener)?
    private let accounts: any ProfileAccountService
    private let user: ProfileUser
    /// The name as saved: the one the edit started with, or the one it saved.
    private var savedName: String

    /// Creates the edit of `user`, saved as `savedName`, around `screen`.
    init(
        screen: some ViewControllerable & ProfileEditPresentable, accounts: any ProfileAccountService,
        user: ProfileUser, savedName: String
    ) {
        self.accounts = accounts
        self.user = user
        self.savedName = savedName
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// Whether the field holds a name other than the saved one.
    var holdsChange: Bool { presenter.holdsChange }

    /// The kind and version of the edit's records.
    static let restoration = RestorationFormat(kind: "profile.edit", version: 1)
    private static let displayNameKey = "displayName"

    /// The edit's record: kind `profile.edit`, version 1, the value `displayName` (the name as typed).
    override var restorationState: RestorationState? {
        Self.restoration.record(values: [Self.displayNameKey: presenter.displayName])
    }

    /// Puts the recorded name back into the field.
    override func restore(from state: RestorationState) -> RestorationResult {
        do throws(RestorationError) {
            try Self.restoration.check(state)
            presenter.show(displayName: try state.value(Self.displayNameKey))
            return .restored
        } catch {
            return .nearest(because: error)
        }
    }
}

extension ProfileEditCoordinator: ProfileEditScreenListener {
    func editScreenDidSave(displayName: String) {
        let name = DisplayName.normalized(displayName)
        // The saved name goes back as it is, even one a rule made since would refuse (a name longer than the limit).
        guard name != savedName else {
            listener?.editDidClose()
            return
        }
        if let problem = DisplayName.problem(displayName) {
            presenter.show(errorMessage: problem)
            return
        }
        let summary: ProfileSummary
        do throws(ProfileServiceError) {
            summary = try accounts.rename(user, to: name)
        } catch {
            presenter.show(errorMessage: ProfileMessage.message(for: error))
            return
        }
        savedName = summary.displayName
        presenter.show(savedName: savedName)
        listener?.editDidSave(summary)
    }

    func editScreenDidCancel() {
        listener?.editDidClose()
    }
}
