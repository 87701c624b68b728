import AppData

/// The fixture's session, which the terminal drives.
public struct Session {}
