/// A builder of a feature's coordinator, as other modules see it.
///
/// Each feature publishes a protocol that refines `Containable` with one
/// method that builds its coordinator, for example
/// `func coordinator(listener: any LoginListener) -> any ViewableCoordinating`.
/// A parent receives that protocol through its own dependency, so it can build
/// the child without seeing any of the child's concrete types.
@MainActor
public protocol Containable: AnyObject {}
