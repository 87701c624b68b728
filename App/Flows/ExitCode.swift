/// The exit codes of the app, as documented in the README.
package enum ExitCode {
    /// Everything worked.
    package static let success: Int32 = 0
    /// A command or the script failed, or the data directory is not usable.
    package static let failure: Int32 = 1
    /// A data file is corrupt or unreadable; nothing was overwritten.
    package static let dataError: Int32 = 2
    /// The command line is wrong.
    package static let usage: Int32 = 64
}
