/// A button; tapping it performs the action with the same id.
public struct Button: Equatable, Sendable {
    /// The action id.
    public let id: String
    /// The label.
    public let title: String
    /// Whether it can be tapped now.
    public let isEnabled: Bool

    /// Creates a button.
    public init(id: String, title: String, isEnabled: Bool = true) {
        self.id = id
        self.title = title
        self.isEnabled = isEnabled
    }
}

/// A field a person can type into.
///
/// A secure field keeps only a mask of its value (one `•` per character), so
/// the value cannot leak through content, rendering, logs or state dumps.
public struct TextField: Equatable, Sendable {
    /// The id used to set the field's text.
    public let id: String
    /// The label shown beside the field.
    public let label: String
    /// The text shown: the value, or its mask for a secure field.
    public let displayedValue: String
    /// Whether the field hides what is typed (a password).
    public let isSecure: Bool

    /// Creates a field. For a secure field, only a mask of `value` is kept.
    public init(id: String, label: String, value: String, isSecure: Bool = false) {
        self.id = id
        self.label = label
        self.isSecure = isSecure
        self.displayedValue = isSecure ? String(repeating: "•", count: value.count) : value
    }
}

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

/// A list of rows, with a message for when it is empty.
public struct ListSection: Equatable, Sendable {
    /// Identifies the list on its screen.
    public let id: String
    /// The rows, top to bottom.
    public let items: [ListItem]
    /// Shown instead of the rows when there are none.
    public let emptyMessage: String?

    /// Creates a list.
    public init(id: String, items: [ListItem], emptyMessage: String? = nil) {
        self.id = id
        self.items = items
        self.emptyMessage = emptyMessage
    }
}

/// One row of a ``ListSection``.
public struct ListItem: Equatable, Sendable {
    /// Identifies the row in its list.
    public let id: String
    /// The main line.
    public let title: String
    /// A second line, if any.
    public let subtitle: String?
    /// A short detail shown at the side (a time, a count), if any.
    public let detail: String?
    /// The action performed when the row is tapped, or `nil` if it cannot be.
    public let actionID: String?

    /// Creates a row.
    public init(id: String, title: String, subtitle: String? = nil, detail: String? = nil, actionID: String? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.detail = detail
        self.actionID = actionID
    }
}
