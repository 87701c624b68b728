import AppInterface

/// A screen of the terminal, allowed: it drives the app through the session interface.
struct Screen {}
