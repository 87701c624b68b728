import Foundation

/// Finds Swift's debug text in what the app prints.
package enum MessageScan {
    /// Whether `text` holds what Swift prints for a value that has no description of its own: an enumeration's
    /// case with its payload (`unavailable("…")`, `corrupt(path: …)`), or an optional (`Optional(…)`).
    package static func containsDebugText(_ text: String) -> Bool {
        text.contains("Optional(")
            || text.range(of: #"\b[a-z][A-Za-z]*\((\"|[a-z][A-Za-z]*: )"#, options: .regularExpression) != nil
    }
}
