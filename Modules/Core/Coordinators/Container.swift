/// A builder of a feature's coordinator, as other modules see it.
///
/// Each feature publishes a protocol that refines `Containable` with one
/// method that builds its coordinator, for example
/// `func coordinator(listener: any LoginListener) -> any ViewableCoordinating`.
/// A parent receives that protocol through its own dependency, so it can build
/// the child without seeing any of the child's concrete types.
@MainActor
public protocol Containable: AnyObject {}

/// The base class of a feature's builder: it holds what the feature needs.
///
/// A feature declares what it needs as a `Dependency` protocol; the app (or a
/// parent feature) passes a value that conforms, and the builder hands it to the
/// coordinator it builds. Subclass it and conform to the feature's
/// ``Containable`` protocol:
///
/// ```swift
/// public final class LoginContainer: Container<any LoginDependency>, LoginContainable {
///     public func coordinator(listener: any LoginListener) -> any ViewableCoordinating { … }
/// }
/// ```
@MainActor
open class Container<Dependency>: Containable {
    /// What the feature needs from its parent.
    public let dependency: Dependency

    /// Creates a builder that builds with `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }
}
