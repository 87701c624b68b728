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
