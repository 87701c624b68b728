public struct Marker {}
