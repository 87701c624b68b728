extension FeedSegment {
    /// The segment's label, on the control and as its list's title.
    var title: String {
        switch self {
        case .latest: "Latest"
        case .popular: "Popular"
        }
    }
}
