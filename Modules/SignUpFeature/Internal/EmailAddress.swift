/// The rule for a well-formed email address: one `@` with text before it, a
/// domain of at least two non-empty dot-separated labels after it, and no
/// whitespace. Deliberately simple; the account service has the final word.
enum EmailAddress {
    /// Whether `text` looks like an email address.
    static func isWellFormed(_ text: String) -> Bool {
        guard !text.contains(where: \.isWhitespace) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
