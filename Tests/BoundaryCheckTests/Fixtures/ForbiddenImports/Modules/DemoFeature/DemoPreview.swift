import CoreTesting

final class DemoPreview {}
