/// A field a person can type into.
///
/// A secure field keeps only a mask of its value (one `•` per character), so
/// the value cannot leak through content, rendering, logs or state dumps.
///
/// A multi-line field's value may hold line breaks (`"\n"`): a front end lets
/// the person type them and draws each line of the value on its own line. In
/// any other field, a line break is a character like any other, and a front
/// end's Return ends the input instead.
public struct TextField: Equatable, Sendable {
    /// The id used to set the field's text.
    public let id: String
    /// The label shown beside the field.
    public let label: String
    /// The text shown: the value, or its mask for a secure field.
    public let displayedValue: String
    /// Whether the field hides what is typed (a password).
    public let isSecure: Bool
    /// Whether the value may hold line breaks (a post's text). A secure field is never multi-line.
    public let isMultiline: Bool

    /// Creates a field. For a secure field, only a mask of `value` is kept, and `isMultiline` is ignored: a
    /// secret is typed on one line.
    public init(id: String, label: String, value: String, isSecure: Bool = false, isMultiline: Bool = false) {
        self.id = id
        self.label = label
        self.isSecure = isSecure
        self.isMultiline = isMultiline && !isSecure
        self.displayedValue = isSecure ? String(repeating: "•", count: value.count) : value
    }
}
