import AppData
import AppInterface

/// The fixture's session, over the data.
public struct Session: AppSession {}
