import AppInterface
import Core

/// The pointer's translation into the session's input: a click taps what it lands on, a drag from a pushed
/// screen's left edge or a sheet's top border is the live swipe, and every one of them goes through the session as
/// a typed command does.
extension FullScreenSession {

    /// Carries out what the pointer's `event` means; returns an exit code when the app should end.
    func point(_ event: PointerEvent, commands: CommandSession) async -> Int32? {
        guard let frame = lastFrame else { return nil }
        if event.kind == .press { statusMessage = nil }
        // A drag from the left edge is the swipe back, which only pops a stack (never closes an item beside a list).
        let canSwipeBack = snapshot.canSwipeBack
        switch pointer.handle(event, in: frame, canGoBack: canSwipeBack, showsPages: snapshot.showsPagesOnTop) {
        case nil:
            return nil
        case .scroll(let output, let rows):
            if output, lastFrame?.outputScrolls == true {
                chrome.outputScroll = max(0, chrome.outputScroll + rows)
            } else {
                chrome.scroll = max(0, chrome.scroll + rows)
            }
            return nil
        case .click(let target):
            return await click(target, commands: commands)
        case .beginSwipe(let gesture, let progress):
            await commitDraft()
            if case .failed(let reason) = await commands.execute(.swipe(gesture, progress: progress)) {
                pointer.swipeRefused()
                statusMessage = "\(Self.name(of: gesture)) refused: \(reason); nothing moved"
            }
            windowDidChange()
        case .moveSwipe(let progress):
            // Every input goes through the session; a move the window refuses is said where errors show.
            if let refusal = await session.send(.updateGesture(progress: progress)) { chrome.error = refusal }
            redrawWindow()
        case .releaseSwipe(let progress):
            let held = session.snapshot().heldTransition?.kind
            let name: String
            switch held {
            case .swipeDown: name = Self.name(of: .swipeDown)
            case .swipePage: name = "Page swipe"
            default: name = Self.name(of: .swipeBack)
            }
            let moveFailure = await session.send(.updateGesture(progress: progress))
            let percent = "\(name) let go at \(Int((progress * 100).rounded()))%"
            let finishes = progress >= 0.5
            chrome.output = []
            chrome.error = moveFailure
            if case .failed(let reason) = await commands.execute(.release) {
                chrome.error = reason
            } else {
                if held == .swipePage {
                    statusMessage = percent + (finishes ? ": finished; the page turned" : ": cancelled; the page stays")
                } else {
                    statusMessage =
                        finishes
                        ? percent + ": finished; the screen and its coordinator are released"
                        : percent + ": cancelled; every screen and coordinator stays (see the tree)"
                }
            }
            windowDidChange()
        }
        return nil
    }

    /// A click on `target`: the command it stands for, carried out as if typed, with the same refusals; a field
    /// takes the focus and is typed into. What was typed into another field is set first.
    private func click(_ target: PointerTarget, commands: CommandSession) async -> Int32? {
        switch PointerCommand.click(target) {
        case .nothing:
            return nil
        case .typeInto(let field):
            if let refusal = commands.refusal(of: .set(field: "", text: "")) {
                chrome.error = refusal
                return nil
            }
            await commitDraft()
            draw()
            if focus.focus(on: field) {
                typesIntoFocusedField = true
                revealsFocus = true
                if case .field(let value) = focus.focused?.kind { draft = FieldDraft(value) }
            }
            return nil
        case .run(let command):
            // A click is a tap: a form it opens is typed into, as after Enter on a button.
            typesIntoFocusedField = true
            await commitDraft()
            return await run(command, commands: commands)
        }
    }

    private static func name(of gesture: UserGesture) -> String {
        switch gesture {
        case .swipeDown: "Swipe down"
        case .swipeToNextPage, .swipeToPreviousPage: "Page swipe"
        default: "Swipe back"
        }
    }
}
