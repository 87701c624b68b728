/// One element of a screen's content.
public enum ScreenElement: Equatable, Sendable {
    /// A paragraph of text.
    case text(String)
    /// A field a person can type into.
    case field(TextField)
    /// A button; its id is an action.
    case button(Button)
    /// A list of rows; a row with an action id can be tapped.
    case list(ListSection)
    /// A segmented control; each segment's id is an action.
    case segmentedControl(SegmentedControl)
}
