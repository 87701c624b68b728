public import Core

extension Window {
    /// The ids of the navigation stack that holds the top screen, root first,
    /// or an empty array if the top screen is in no navigation stack.
    public var navigationStackIDs: [String] {
        topViewController?.enclosingNavigationController?.viewControllers.map(\.screenID) ?? []
    }

    /// The ids of the presented screens, bottom first.
    public var presentedIDs: [String] { presentedViewControllers.map(\.screenID) }

    /// The id of the screen a person sees.
    public var topScreenID: String? { topViewController?.screenID }

    /// Taps the action `id` on the screen on top, as a person would, and returns
    /// whether the screen refused it.
    @discardableResult
    public func tap(_ id: String) throws(ScreenInputError) -> ActionOutcome {
        try performAction(id)
    }

    /// Types `text` into the field `id` on the screen on top, as a person would.
    public func type(_ text: String, into id: String) throws(ScreenInputError) {
        try setText(text, forField: id)
    }

    /// The content of every screen on top, outermost first.
    public var contentOnTop: [ScreenContent] { screensOnTop.map(\.content) }

    /// The error message shown on top: the innermost screen on top that shows one.
    public var errorMessageOnTop: String? {
        screensOnTop.reversed().lazy.compactMap(\.content.errorMessage).first
    }

    /// The ids of the actions the screens on top offer, outermost screen first.
    public var actionIDsOnTop: [String] { contentOnTop.flatMap { $0.actions.map(\.id) } }

    /// The rows of every list on top, outermost screen first.
    public var rowsOnTop: [ListItem] {
        contentOnTop.flatMap { content in
            content.elements.flatMap { element -> [ListItem] in
                if case .list(let list) = element { list.items } else { [] }
            }
        }
    }

    /// The text of every element on top, for assertions such as
    /// `#expect(window.visibleText.contains("Wrong email or password"))`.
    ///
    /// A tab bar on top adds a line for each badge a person sees on it, as
    /// `"<title>: <badge>"` (`"Feed: 3"`), after its own content. A page
    /// container shows its current page's text only. An expanded split shows
    /// both columns: the primary column's text comes first.
    public var visibleText: [String] {
        screensOnTop.flatMap { screen -> [String] in
            let content = screen.content
            var lines = [content.title]
            for element in content.elements {
                switch element {
                case .text(let text): lines.append(text)
                case .field(let field): lines.append("\(field.label): \(field.displayedValue)")
                case .button(let button): lines.append(button.title)
                case .list(let list):
                    lines +=
                        list.items.isEmpty
                        ? [list.emptyMessage].compactMap { $0 }
                        : list.items.flatMap { [$0.title, $0.subtitle, $0.detail].compactMap { $0 } }
                case .segmentedControl(let control): lines += control.segments.map(\.title)
                }
            }
            if let error = content.errorMessage { lines.append(error) }
            if let tabBar = screen as? TabBarController {
                lines += tabBar.items.compactMap { item in item.badge.map { "\(item.title): \($0)" } }
            }
            return lines.filter { !$0.isEmpty }
        }
    }
}
