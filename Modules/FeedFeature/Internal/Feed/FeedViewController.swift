import Core

/// What the `feed` screen tells its coordinator.
@MainActor
protocol FeedScreenListener: AnyObject {
    /// The user tapped a segment.
    func feedScreenDidSelect(_ segment: FeedSegment)

    /// The user tapped `compose`.
    func feedScreenDidTapCompose()
}

/// The `feed` screen: a container with the segmented control `segment`, the
/// action `compose`, and the selected segment's screen inside.
final class FeedViewController: ContainerViewController, FeedPresentable {
    weak var listener: (any FeedScreenListener)?

    init() {
        super.init(screenID: "feed")
    }

    /// The segment whose screen is visible.
    var selectedSegment: FeedSegment {
        guard let selectedIndex, FeedSegment.allCases.indices.contains(selectedIndex) else { return .latest }
        return FeedSegment.allCases[selectedIndex]
    }

    override var content: ScreenContent {
        ScreenContent(
            title: "Feed",
            elements: [
                .segmentedControl(
                    SegmentedControl(
                        id: "segment",
                        segments: FeedSegment.allCases.map { segment in
                            SegmentedControl.Segment(id: segment.rawValue, title: segment.title)
                        },
                        selectedID: selectedSegment.rawValue
                    )
                ),
                .button(Button(id: "compose", title: "New post")),
            ],
            errorMessage: inlineError
        )
    }

    override func handleAction(_ id: String) {
        switch id {
        case "compose": listener?.feedScreenDidTapCompose()
        default:
            if let segment = FeedSegment(rawValue: id) { listener?.feedScreenDidSelect(segment) }
        }
    }

    func embed(_ screens: [any ViewControllerable], selecting segment: FeedSegment) throws(NavigationError) {
        try setViewControllers(screens, selectedIndex: segment.index)
    }

    func select(_ segment: FeedSegment) throws(NavigationError) {
        try select(index: segment.index)
    }

}

extension FeedSegment {
    /// The segment's position on the control.
    fileprivate var index: Int { FeedSegment.allCases.firstIndex(of: self) ?? 0 }

    /// The segment's label, on the control and as its list's title.
    var title: String {
        switch self {
        case .latest: "Latest"
        case .popular: "Popular"
        }
    }
}
