import Core

final class FeedViewController {}
