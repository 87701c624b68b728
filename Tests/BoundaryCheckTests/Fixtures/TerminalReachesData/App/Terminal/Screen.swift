import AppFlows

/// A screen of the terminal, allowed: it drives the flows' session.
struct Screen {}
