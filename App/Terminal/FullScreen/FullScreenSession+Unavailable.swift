import AppInterface
import Core
import InputRules

/// Why a button cannot be tapped yet, in a person's words. Core refuses a disabled action by its id ("the action
/// 'post' is not available now"), which the full screen, drawing no ids, says by the button's title; and a form's
/// button, which Enter in a field taps, waits for the form's fields: where some are blank, it names them.
extension FullScreenSession {
    /// What to say when `command` taps a button that cannot be tapped now, or `nil` when it is not such a tap.
    func unavailableSentence(for command: Command) -> String? {
        let snapshot = session.snapshot()
        let action: ScreenAction?
        switch command {
        case .action(let id):
            action =
                snapshot.screensOnTop.reversed().lazy.compactMap { screen in
                    screen.content.actions.first { $0.id == id }
                }.first
        case .actionNumber(let number):
            let actions = ScreenRenderer.numberedActions(in: snapshot)
            guard number >= 1, number <= actions.count else { return nil }
            let numbered = actions[number - 1]
            action = numbered.screen.content.actions.first { $0.id == numbered.id }
        default:
            return nil
        }
        guard let action, !action.isEnabled else { return nil }
        return "\(action.title) is not available now"
    }

    /// What to say when Enter in a field would tap the form's button `control` and it cannot be tapped now, or `nil`
    /// when it can: the fields of its screen left blank, which the form's button waits for (compose's Post waits for
    /// the text), or else the button alone.
    func unavailableSentence(forFormButton control: ScreenSnapshot.Control) -> String? {
        guard case .button(let button) = control.kind, !button.isEnabled else { return nil }
        let blank = control.screen.content.fields.filter { InputText.isBlank($0.displayedValue) }.map(\.label)
        guard let last = blank.last else { return "\(button.title) is not available now" }
        let names = blank.count == 1 ? last : blank.dropLast().joined(separator: ", ") + " and " + last
        return "\(button.title) is not available yet: fill in \(names) first"
    }
}
