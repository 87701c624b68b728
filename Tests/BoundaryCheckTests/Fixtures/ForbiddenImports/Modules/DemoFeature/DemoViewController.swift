import Core
import OtherFeature

final class DemoViewController {}
