/// Many cycles of one flow in one process: whether the live coordinators and screens came back to where they
/// were before the first cycle, and how resident memory moved.
struct Soak {
    /// The flow, for example "log-in/log-out".
    let name: String
    /// How many times it ran.
    let cycles: Int
    /// The process at the start of the first cycle.
    let first: ScriptedSession.Sample
    /// The process after the last cycle.
    let last: ScriptedSession.Sample

    /// Seconds the cycles took.
    var seconds: Double { Double(last.nanoseconds - first.nanoseconds) / 1_000_000_000 }

    /// Whether the live coordinators and screens are back at their counts from before the first cycle.
    var returnedToBaseline: Bool { first.coordinators == last.coordinators && first.screens == last.screens }
}
