import Core

/// The app's restoration record, read and written in one place: kind `app`, version 2, the values `flow`
/// (`login`, `onboarding` or `main`), `user` (the logged-in email, unless `login`) and `link` (the link waiting
/// for a log-in or the tour, if any); as children, the shown flow's record first and, while `app://signup`
/// presents it, sign-up's record second. Version 1 (`login` or `feed`, before the tab bar) is read too: its feed
/// becomes Main's Feed tab.
struct AppRecord {
    static let format = RestorationFormat(kind: "app", version: 2, oldestReadableVersion: 1)
    private static let flowKey = "flow"
    private static let userKey = "user"
    private static let linkKey = "link"

    /// The flow that was shown.
    var flow: AppFlow
    /// The email of the person logged in then, or `nil`.
    var userEmail: String?
    /// The link that waited then, as it was typed, or `nil`.
    var link: String?
    /// The shown flow's own record, if any.
    var flowState: RestorationState?
    /// The presented sign-up's record, if one was presented.
    var signUpState: RestorationState?
    /// Whether the record is of version 1, whose `feed` flow is Main's Feed tab.
    var isFirstVersion = false

    /// A record of `flow` to write.
    init(
        flow: AppFlow, userEmail: String?, link: String?, flowState: RestorationState?,
        signUpState: RestorationState?
    ) {
        self.flow = flow
        self.userEmail = userEmail
        self.link = link
        self.flowState = flowState
        self.signUpState = signUpState
    }

    /// Reads `state`.
    ///
    /// - Throws: the ``RestorationError`` that makes it unreadable: another kind or version, no flow or an unknown
    ///   one.
    init(reading state: RestorationState) throws(RestorationError) {
        try Self.format.check(state)
        isFirstVersion = state.version == 1
        let text = try state.value(Self.flowKey)
        guard let flow = isFirstVersion && text == "feed" ? AppFlow.main : AppFlow(rawValue: text) else {
            throw .invalidValue(kind: state.kind, key: Self.flowKey)
        }
        self.flow = flow
        userEmail = state.values[Self.userKey]
        link = state.values[Self.linkKey]
        flowState = state.children.first
        signUpState = state.children.dropFirst().first
    }

    /// The record as the coordinator tree keeps it.
    var state: RestorationState {
        var values = [Self.flowKey: flow.rawValue]
        if let userEmail { values[Self.userKey] = userEmail }
        if let link { values[Self.linkKey] = link }
        var children = [flowState ?? RestorationState(kind: "none", version: 0)]
        if let signUpState { children.append(signUpState) }
        return Self.format.record(values: values, children: children)
    }

    /// Why the record no longer applies where `current` shows now for the person `userEmail` (`nil` when logged
    /// out), or `nil` when it does: a record written for another session (a log-out or a log-in since) or another
    /// flow (the tour finished since, or not finished for this account).
    func mismatch(userEmail current: String?, shown: AppFlow) -> String? {
        if let current {
            guard flow != .login else { return "you were logged in since you left" }
            guard userEmail == current else { return "another account is logged in now" }
        } else if flow != .login {
            return "you were logged out since you left"
        }
        guard flow != shown else { return nil }
        switch (flow, shown) {
        case (.onboarding, .main): return "the onboarding tour was finished since you left"
        case (.main, .onboarding): return "the onboarding tour is not finished for this account"
        default: return "the \(flow.rawValue) flow is no longer the one shown"
        }
    }
}
