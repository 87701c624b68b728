package import Core

extension ScreenSnapshot {
    /// One thing a person can reach on the screens on top and act on: a field to type into, or an action to take
    /// (a button, a list row that can be tapped, a segment). A front end moves a focus over them; it finds them
    /// here, for every screen alike, rather than knowing any screen.
    package struct Control: Equatable, Sendable {
        /// What the control is.
        package enum Kind: Equatable, Sendable {
            /// A field, with its label, the value it shows (masked when secure) and whether it is secure.
            case field(TextField)
            /// A button.
            case button(Button)
            /// A list row with an action.
            case row(ListItem)
            /// A segment of a segmented control, and whether it is the selected one.
            case segment(SegmentedControl.Segment, isSelected: Bool)
        }

        /// What the control is.
        package let kind: Kind
        /// The screen that offers it: input for it goes to exactly this screen.
        package let screen: Screen

        /// The field's id, or `nil` for an action.
        package var fieldID: String? {
            if case .field(let field) = kind { field.id } else { nil }
        }

        /// The id of the action it performs, or `nil` for a field.
        package var actionID: String? {
            switch kind {
            case .field: nil
            case .button(let button): button.id
            case .row(let item): item.actionID
            case .segment(let segment, _): segment.id
            }
        }

        /// Whether it is a field.
        package var isField: Bool { fieldID != nil }

        /// Whether it can be used now: every control but a button that is not enabled.
        package var isEnabled: Bool {
            if case .button(let button) = kind { button.isEnabled } else { true }
        }

        /// What a person reads for it: a field's label, a button's or a segment's title, a row's title.
        package var title: String {
            switch kind {
            case .field(let field): field.label
            case .button(let button): button.title
            case .row(let item): item.title
            case .segment(let segment, _): segment.title
            }
        }
    }

    /// The controls of the screens on top that draw content, in drawing order: the fields and the actions in the
    /// order ``Core/ScreenContent/elements`` holds them, screen after screen from the outermost. The actions among
    /// them come in the order of ``Core/ScreenContent/actions``, screen after screen.
    package var controlsOnTop: [Control] {
        screensOnTop.filter(\.drawsContent).flatMap { screen in
            screen.content.elements.flatMap { element -> [Control] in
                switch element {
                case .text:
                    []
                case .field(let field):
                    [Control(kind: .field(field), screen: screen)]
                case .button(let button):
                    [Control(kind: .button(button), screen: screen)]
                case .list(let list):
                    list.items.filter { $0.actionID != nil }.map { Control(kind: .row($0), screen: screen) }
                case .segmentedControl(let control):
                    control.segments.map { segment in
                        Control(kind: .segment(segment, isSelected: segment.id == control.selectedID), screen: screen)
                    }
                }
            }
        }
    }
}
