/// A public type, so the fixture module is not empty.
public struct Marker {}
