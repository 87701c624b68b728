import Foundation; import OtherFeature

final class DemoOneLine {}
