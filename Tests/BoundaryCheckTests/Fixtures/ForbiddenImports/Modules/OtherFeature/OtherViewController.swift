import Core

final class OtherViewController {}
