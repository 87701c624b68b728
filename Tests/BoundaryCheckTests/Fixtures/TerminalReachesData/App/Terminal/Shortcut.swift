import AppData

/// A shortcut to the database, past the flows: what the rooms' walls forbid.
struct Shortcut {}
