// swift-format-ignore-file
// The attribute stands on its own line on purpose.
import DemoFeature
@testable
import OtherFeature
