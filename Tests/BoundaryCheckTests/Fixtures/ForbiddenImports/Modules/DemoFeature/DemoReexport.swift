// swift-format-ignore-file
// The attributes and the modifier stand on their own lines on purpose.
@_exported import Core
@_spi(Internals)
public
import OtherFeature
