import CoreTesting
@testable import DemoFeature
