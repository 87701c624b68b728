import AppInterface
import Core

/// Drawing: the window's snapshot, read once per change, laid out with the chrome into a frame for the terminal.
extension FullScreenSession {
    /// What the window shows, taken once after each change (see ``windowDidChange()``).
    var snapshot: ScreenSnapshot {
        if let taken = takenSnapshot { return taken }
        let taken = session.snapshot()
        takenSnapshot = taken
        return taken
    }

    /// The status line between commands: what the last drag or command said, or, while a swipe is held, what
    /// `release` will do; `nil` when the keys are shown instead.
    private var statusNote: String? {
        statusMessage ?? CommandSession.heldSwipeStatus(in: snapshot)
    }

    func draw(clearingFirst: Bool = false) {
        if terminal.size.columns >= ScreenLayout.panelMinimumColumns, chrome.output == outputLines(Self.widthNote) {
            // The panel the note was about shows now: the note says nothing more.
            chrome.output = []
        }
        if focusIsStale {
            focusIsStale = false
            followFocus()
        }
        let presentation = ScreenPresentation(
            showsIDs: showsIDs, focus: focus.target,
            draft: draft.map { .init(fieldID: $0.fieldID, shownText: $0.shownText) })
        if presentation != modelPresentation { model = nil }
        let isNewModel = model == nil
        if isNewModel { wrapCache.reset() }
        let model =
            model
            ?? ScreenModel(
                snapshot: snapshot, notice: session.notice, presentation: presentation,
                account: session.userDisplayName, treeChanges: treeChanges
            ).leaving(settled, in: snapshot)
        self.model = model
        if isNewModel, snapshot.transitions.isEmpty {
            settled = ScreenModel.Settled(model: model, screenIDs: Set(snapshot.screensOnTop.map(\.screenID)))
        }
        modelPresentation = presentation
        let onTop = snapshot.top?.screenID
        if onTop != topScreenID {
            topScreenID = onTop
            chrome.scroll = 0
            // A focus kept across the change (on a list's row as a post opens or closes beside it) is scrolled into
            // view whole: going back to the top must not leave it off screen, where Enter acts unseen.
            if let kept = focus.focusedKey, kept == drawnFocus { (revealsFocus, revealsWholeFocus) = (true, true) }
        }
        // The focused control is never scrolled out of view by what the window does around it: a focus the last
        // frame showed whole stays in view when the window is drawn anew (rows `Load more` put above it that take
        // no focus, a text grown above it). Only the person scrolls it away, with Page Up / Page Down.
        let keepsFocusInView =
            isNewModel && focus.focusedKey != nil && focus.focusedKey == drawnFocus
            && lastFrame?.showsWholeFocus == true
        drawnFocus = focus.focusedKey
        if let question {
            chrome.status = question
            chrome.hints = []
        } else {
            let note = statusNote
            chrome.status = note ?? ""
            chrome.hints = note == nil ? hints : []
        }
        chrome.prompt = secretLabel.map { $0 + ": " } ?? ": "
        chrome.input = maskedInput
        chrome.cursor = editor.cursor
        chrome.isCommandLineOpen = isCommandLineOpen
        // In cells of the text as drawn: a control character pasted into the field is drawn escaped, several cells.
        chrome.draftCursor = draft.map {
            TerminalGrid.cells(String($0.shownText.prefix($0.cursor)), style: .input).count
        }
        // Once after a command: an error the screen shows in answer is scrolled into view.
        chrome.revealsError = isNewModel && !revealsFocus
        chrome.revealsFocus = revealsFocus
        chrome.revealsWholeFocus = revealsWholeFocus
        chrome.keepsFocusInView = keepsFocusInView
        let frame = ScreenLayout.frame(model, chrome: chrome, size: terminal.size, cache: wrapCache)
        chrome.revealsError = false
        // While the screens move, the frame may draw what leaves (a popped screen over the list it reveals): the
        // focus is scrolled into view again on each frame, until the screen it is on is drawn settled.
        if model.slide == nil {
            revealsFocus = false
            revealsWholeFocus = false
        }
        chrome.scroll = frame.scroll
        chrome.outputScroll = frame.outputScroll
        page = frame.page
        outputPage = frame.outputPage
        lastFrame = frame
        terminal.draw(frame, clearingFirst: clearingFirst)
    }

    /// The keys that work now, for the status line.
    private var hints: [String] {
        KeyHints.hints(
            mode: mode, focus: focus, canGoBack: model?.canGoBack ?? false, backStays: snapshot.onTopRefusesBack,
            showsSheet: model?.sheet != nil,
            sheetStays: snapshot.onTopRefusesSwipeDown || !Self.swipesDown(snapshot.levels.last?.style),
            tabCount: snapshot.tabsOnTop.count,
            showsPages: snapshot.showsPagesOnTop,
            badgedSelectedTab: badgedSelectedTab)
    }

    /// Whether a screen presented in `style` closes with a swipe down, as Core has it: a sheet does.
    private static func swipesDown(_ style: PresentationStyle?) -> Bool {
        style == .pageSheet || style == .formSheet
    }

    /// The key of the selected tab on top when it shows a badge, among the tabs a digit chooses.
    private var badgedSelectedTab: Int? {
        guard case .tabBar(let items, let selectedID) = snapshot.tabBarOnTop?.kind,
            let index = items.firstIndex(where: { $0.id == selectedID }), index < 9, items[index].badge != nil
        else { return nil }
        return index + 1
    }

    /// The input as shown: the text of `set <secure field> …` masked.
    private var maskedInput: String {
        let text = editor.text
        guard let set = Command.setText(in: text), isSecureField(set.field) else { return text }
        let range = set.text
        return String(text[..<range.lowerBound]) + String(repeating: "•", count: text[range].count)
    }

    func isPlainField(_ id: String) -> Bool {
        snapshot.screensOnTop.contains { screen in
            screen.content.fields.contains { $0.id == id && !$0.isSecure }
        }
    }

    func isSecureField(_ id: String) -> Bool {
        snapshot.screensOnTop.contains { screen in
            screen.content.fields.contains { $0.id == id && $0.isSecure }
        }
    }
}
