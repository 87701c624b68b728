/// What a person sees on one screen: a title, an ordered list of elements and
/// an optional error message.
///
/// A screen builds its content from its state each time it is asked; the app
/// draws it and tests read it. Content is a value: it holds no references to
/// screens, and a secure field's value is never in it.
public struct ScreenContent: Equatable, Sendable {
    /// The title, shown at the top and in the navigation path.
    public var title: String
    /// The elements, top to bottom.
    public var elements: [ScreenElement]
    /// An error to show inline, for example after a failed log-in.
    public var errorMessage: String?

    /// Creates content with a title, elements and an optional error message.
    public init(title: String, elements: [ScreenElement] = [], errorMessage: String? = nil) {
        self.title = title
        self.elements = elements
        self.errorMessage = errorMessage
    }

    /// Every action a person can take on this screen, in display order:
    /// buttons, tappable list rows and segments.
    public var actions: [ScreenAction] {
        elements.flatMap { element -> [ScreenAction] in
            switch element {
            case .text, .field:
                []
            case .button(let button):
                [
                    ScreenAction(
                        id: button.id, title: button.title, isEnabled: button.isEnabled,
                        confirmation: button.confirmation)
                ]
            case .list(let list):
                list.items.compactMap { item in
                    item.actionID.map { ScreenAction(id: $0, title: item.title, isEnabled: true) }
                }
            case .segmentedControl(let control):
                control.segments.map { ScreenAction(id: $0.id, title: $0.title, isEnabled: true) }
            }
        }
    }

    /// Every input field on this screen, in display order.
    public var fields: [TextField] {
        elements.compactMap { element in
            if case .field(let field) = element { field } else { nil }
        }
    }

    /// The first of ``actions`` whose id is `id`, found without building the others: a window looks for the
    /// screen that offers an action on every tap.
    func action(withID id: String) -> ScreenAction? {
        for element in elements {
            switch element {
            case .text, .field:
                continue
            case .button(let button):
                if button.id == id {
                    return ScreenAction(
                        id: button.id, title: button.title, isEnabled: button.isEnabled,
                        confirmation: button.confirmation)
                }
            case .list(let list):
                for item in list.items {
                    if let actionID = item.actionID, actionID == id {
                        return ScreenAction(id: actionID, title: item.title, isEnabled: true)
                    }
                }
            case .segmentedControl(let control):
                for segment in control.segments where segment.id == id {
                    return ScreenAction(id: segment.id, title: segment.title, isEnabled: true)
                }
            }
        }
        return nil
    }

    /// Whether ``fields`` holds one whose id is `id`, found without building the list.
    func showsField(withID id: String) -> Bool {
        for element in elements {
            if case .field(let field) = element, field.id == id { return true }
        }
        return false
    }
}
