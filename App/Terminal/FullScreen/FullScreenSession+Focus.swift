import AppInterface
import Core

/// The keys on the screen: the focus moved over the controls, Enter acting on it, a field typed into in place,
/// Esc going back, and a key for each tab. Every change to the app goes through ``CommandSession``, as a typed
/// command does, with the same refusals.
extension FullScreenSession {
    /// Carries out `command`, one of the screen's; returns an exit code when the app should end.
    func performOnScreen(_ command: KeyCommand, commands: CommandSession) async -> Int32? {
        switch command {
        case .moveFocus(let delta):
            // ↑ ↓ in a field move on from field to field, typing; on the screen the focus moves and types nowhere.
            typesIntoFocusedField = draft != nil
            await leaveField()
            followFocusIfStale()
            focus.move(by: delta)
            focusMoved()
        case .moveFocusToEnd(let last):
            typesIntoFocusedField = false
            focus.moveToEnd(last: last)
            focusMoved()
        case .nextField, .previousField:
            typesIntoFocusedField = true
            await leaveField()
            // The focus as the value just set left the window: on a form of one field, Tab comes back to the same
            // field, which is typed into again holding that value, not the one before it.
            followFocusIfStale()
            focus.moveToField(forward: command == .nextField)
            focusMoved()
        case .activate:
            typesIntoFocusedField = true
            return await activate(commands: commands)
        case .typeInField(let key):
            typeInField(key)
            takeInTypedCharacters()
        case .submitField:
            return await submitField(commands: commands)
        case .stopTyping:
            typesIntoFocusedField = false
            await leaveField()
        case .escape:
            typesIntoFocusedField = false
            return await escape(commands: commands)
        case .backOrQuit:
            typesIntoFocusedField = false
            guard escapeHasNothingToDo else { return await escape(commands: commands) }
            return await quitAsking()
        case .selectTab(let number):
            let tabs = snapshot.tabsOnTop
            guard !tabs.isEmpty else { return nil }
            guard number <= tabs.count else {
                // A number the screen shows beside an action is the command line's, as `i` shows them.
                chrome.error =
                    "there are \(tabs.count) tabs: press 1 to \(tabs.count); :\(number) taps the action numbered \(number)"
                return nil
            }
            return await run(.tab(tabs[number - 1].id), commands: commands)
        case .cycleTab(let delta):
            guard case .tabBar(let items, let selectedID) = snapshot.tabBarOnTop?.kind, !items.isEmpty else {
                return nil
            }
            let selected = items.firstIndex { $0.id == selectedID } ?? 0
            return await run(.tab(items[(selected + delta + items.count) % items.count].id), commands: commands)
        case .turnPage(let next):
            guard snapshot.showsPagesOnTop else { return nil }
            return await run(.page(next: next), commands: commands)
        default:
            break
        }
        return nil
    }

    /// The focus moved: it is scrolled into view, and a field it lands on is typed into when the keys go into fields
    /// (``typesIntoFocusedField``).
    private func focusMoved() {
        revealsFocus = true
        revealsWholeFocus = true
        // A draft begun on the field the focus left (reading the window again after a value was set begins one
        // there) must not take the keys meant for the field the focus went to.
        if let draft, focus.focused?.fieldID != draft.fieldID { self.draft = nil }
        beginTypingIfOnField()
    }

    /// Reads the focus again from the window, after it changed: a draft whose field is no longer focused is
    /// dropped, and a field that has the focus is typed into when the keys go into fields
    /// (``typesIntoFocusedField``): not after the letter keys, Esc or a command line brought the person here,
    /// unless the window's root changed, starting a flow anew, where the keys go into fields as at the app's start.
    func followFocus() {
        let root = snapshot.levels.first.map { ($0.screen.screenID, $0.screen.identity) }
        if let root, let windowRoot, root != windowRoot { typesIntoFocusedField = true }
        windowRoot = root
        let before = focus.focused.map { ($0.screen.identity, $0.fieldID, $0.actionID) }
        let indexBefore = focus.index
        focus.follow(snapshot)
        let after = focus.focused.map { ($0.screen.identity, $0.fieldID, $0.actionID) }
        let isOtherControl = before?.0 != after?.0 || before?.1 != after?.1 || before?.2 != after?.2
        if isOtherControl { revealsFocus = true }
        if before != nil, before?.0 == after?.0, isOtherControl || focus.index != indexBefore {
            // On the same screen, a control the focus came to (the first of the rows Load more brought), or the same
            // one moved by what came or went above it: all of it is scrolled into view. (A screen shown anew keeps
            // its top in view, showing the first row of the focus.)
            revealsFocus = true
            revealsWholeFocus = true
        }
        if let draft, focus.focused?.fieldID != draft.fieldID { self.draft = nil }
        beginTypingIfOnField()
    }

    /// Reads the focus again from the window if a command changed the window since it was read.
    private func followFocusIfStale() {
        guard focusIsStale else { return }
        focusIsStale = false
        followFocus()
    }

    /// Begins typing into the focused field, if a field has the focus and the keys go into fields.
    func beginTypingIfOnField() {
        guard draft == nil, typesIntoFocusedField, case .field(let field) = focus.focused?.kind else { return }
        draft = FieldDraft(field)
    }

    /// Sets what was typed into the field being typed into, if anything changed, and stops typing there;
    /// whether it was set (or there was nothing to set).
    @discardableResult
    func commitDraft() async -> Bool {
        await setDraft() == nil
    }

    /// Sets what was typed into the field being typed into, if anything changed, and stops typing there; why the
    /// app refused it, or `nil` when it was set (or there was nothing to set).
    func setDraft() async -> String? {
        guard let typed = draft else { return nil }
        draft = nil
        guard let value = typed.valueToSet, let commands else { return nil }
        chrome.error = nil
        let outcome = await commands.execute(.set(field: typed.fieldID, text: value))
        windowDidChange()
        _ = show(outcome)
        if case .failed(let message) = outcome { return message }
        return nil
    }

    /// Leaves the field being typed into, setting what was typed.
    private func leaveField() async {
        await commitDraft()
    }

    /// Enter on the focus: a field is typed into again, an action is taken.
    private func activate(commands: CommandSession) async -> Int32? {
        guard let focused = focus.focused else { return nil }
        guard !focused.isField else {
            beginTypingIfOnField()
            return nil
        }
        guard case .action(let number) = focus.target else { return nil }
        return await run(.actionNumber(number), commands: commands)
    }

    /// Enter in a field: sets it, then goes on to the next field, or takes the form's action.
    private func submitField(commands: CommandSession) async -> Int32? {
        guard await commitDraft() else { return nil }
        // The window as the field's new value left it: a button may have become available.
        followFocusIfStale()
        switch focus.afterField {
        case .field(let index):
            focus.focus(at: index)
            focusMoved()
        case .action(let control):
            guard let actionID = control.actionID else { return nil }
            if let unavailable = unavailableSentence(forFormButton: control) {
                chrome.error = unavailable
                // Setting the field stopped typing there: the person goes on typing what the button waits for.
                beginTypingIfOnField()
                return nil
            }
            // The focus stays on the field: a refused log-in is typed again at once.
            return await run(.action(actionID), commands: commands)
        case .nothing:
            break
        }
        return nil
    }

    /// Whether Esc would do nothing: no output or error shows, and there is nowhere to go back to and no sheet.
    private var escapeHasNothingToDo: Bool {
        chrome.output.isEmpty && chrome.error == nil && model?.canGoBack != true && snapshot.levels.count <= 1
    }

    /// Esc: closes the output and the error when they show, else goes back, else dismisses the sheet on top.
    private func escape(commands: CommandSession) async -> Int32? {
        if !chrome.output.isEmpty || chrome.error != nil {
            chrome.output = []
            chrome.error = nil
            return nil
        }
        if model?.canGoBack == true { return await run(.back, commands: commands) }
        if snapshot.levels.count > 1 { return await run(.dismiss, commands: commands) }
        return nil
    }

    /// Runs `command` as if typed on the command line, with the same refusals; returns an exit code when the app
    /// should end.
    func run(_ command: Command, commands: CommandSession) async -> Int32? {
        chrome.output = []
        chrome.outputScroll = 0
        chrome.error = nil
        defer { windowDidChange() }
        let contentBefore = session.snapshot().screensOnTop.map(\.content)
        let unavailable = unavailableSentence(for: command)
        let outcome = await commands.execute(command)
        if case .failed = outcome, let unavailable {
            chrome.error = unavailable
            return nil
        }
        if case .failed(let message) = outcome,
            let sentence = Self.refusalSentences.first(where: { message.hasPrefix($0.key) })?.value
        {
            // Core's words for a refused back or dismissal speak of screens: the screen's own answer (a notice and
            // a way out, shown as it refused) says it better, and where it said nothing, a person's sentence does.
            let answered = session.snapshot().screensOnTop.map(\.content) != contentBefore
            chrome.error = answered ? nil : sentence
            return nil
        }
        return show(outcome)
    }

    /// What a person reads when a screen refuses to be left and says nothing itself, by the Core refusal the
    /// command's failure starts with (a refused swipe down goes on to say how to close the sheet, in Core's words).
    static let refusalSentences = [
        NavigationError.backRefused.description: "This screen holds changes not saved: save or discard them first.",
        NavigationError.dismissalRefused.description:
            "This sheet holds work not saved: finish it or discard it first.",
    ]
}
