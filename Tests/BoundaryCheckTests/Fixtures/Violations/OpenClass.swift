// Compiled with CleanFeature: a feature that declares an open class breaks [no-open].

/// Open, so other modules could subclass it.
open class DemoStyle {
    /// Creates a style.
    public init() {}
}
