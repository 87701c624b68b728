/// A row of mutually exclusive segments, one selected.
public struct SegmentedControl: Equatable, Sendable {
    /// One segment; its id is the action that selects it.
    public struct Segment: Equatable, Sendable {
        /// The action id.
        public let id: String
        /// The label.
        public let title: String

        /// Creates a segment.
        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// Identifies the control on its screen.
    public let id: String
    /// The segments, in display order.
    public let segments: [Segment]
    /// The id of the selected segment.
    public let selectedID: String

    /// Creates a segmented control.
    public init(id: String, segments: [Segment], selectedID: String) {
        self.id = id
        self.segments = segments
        self.selectedID = selectedID
    }
}
