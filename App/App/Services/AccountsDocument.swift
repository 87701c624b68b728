/// The content of `accounts.json`.
struct AccountsDocument: Codable, Equatable, Sendable {
    /// The format's version.
    var version = DataFiles.formatVersion
    /// Every account, oldest first.
    var accounts: [AccountRecord]
}
