/// A headless page container: the stand-in for `UIPageViewController` with a
/// horizontal scroll of pages.
///
/// It holds pages in order and shows one, the current page; hidden pages keep
/// their screens and their coordinators. It behaves as UIKit's page view
/// controller does:
/// - **The person turns pages with a swipe**, through the window:
///   ``Window/perform(_:)`` with ``UserGesture/swipeToNextPage`` or
///   ``UserGesture/swipeToPreviousPage`` turns it in one go, and
///   ``Window/beginGesture(_:)`` holds the swipe, interactive and cancellable
///   exactly as the swipe back is: the current page gets `viewWillDisappear`
///   and the next one `viewWillAppear` when the swipe begins; a finished swipe
///   makes the next page current and delivers the did-callbacks on the
///   window's clock; a cancelled one gives the pages UIKit's callbacks for a
///   cancelled swipe and leaves the current page as it was.
/// - **The app turns pages** with ``turn(to:animated:completion:)``, animated
///   on the window's clock, as `setViewControllers(_:direction:animated:)` is.
/// - A page's screen loads (`viewDidLoad`) the first time it is shown.
/// - The ``delegate`` hears of every turn the person finished, once it has
///   settled.
///
/// A page turn removes no screen, so no coordinator changes. See
/// <doc:SplitsAndPages>.
@MainActor
open class PageViewController: ViewController {
    /// The pages, in order.
    public private(set) var pages: [ViewController] = []

    /// The index of the current page, or `nil` when there are no pages.
    public internal(set) var currentIndex: Int?

    /// Hears of the pages the person turned to. Held weakly.
    public weak var delegate: (any PageViewControllerDelegate)?

    /// Creates a page container without pages; give it pages with
    /// ``setPages(_:current:completion:)``.
    public override init(screenID: String = "pages") {
        super.init(screenID: screenID)
    }

    /// The current page: the visible one.
    public var currentPage: ViewController? { currentIndex.map { pages[$0] } }

    override var containedViewControllers: [ViewController] { pages }

    override var visibleChild: ViewController? { currentPage }

    /// Replaces the pages and makes the one at `current` current, at once.
    /// Pages already in this container may be reused, keeping their state;
    /// the others must not be shown anywhere else. An empty array removes
    /// every page.
    ///
    /// - Throws: ``NavigationError/indexOutOfRange``,
    ///   ``NavigationError/duplicateScreen``,
    ///   ``NavigationError/alreadyInHierarchy``,
    ///   ``NavigationError/presentsAnotherScreen``, or
    ///   ``NavigationError/transitionInProgress`` while a page turn runs or a
    ///   gesture is held in the window. A refusal changes nothing.
    public final func setPages(
        _ pages: [any ViewControllerable], current: Int = 0, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        let screens = pages.map(\.viewController)
        guard screens.isEmpty || screens.indices.contains(current) else { throw .indexOutOfRange }
        let kept = try checkNewChildren(screens, allowingNavigationControllers: true)
        let window = self.window
        try refuseIfTransitioning(in: window)
        Transaction.run(touching: window) {
            adoptChildren(screens, replacing: self.pages, kept: kept)
            self.pages = screens
            currentIndex = screens.isEmpty ? nil : current
            if let page = currentPage { window?.emit(.select(page.screenID)) }
            Transaction.enqueue(completion)
        }
    }

    /// Turns to the page at `index`, as the app does by itself (a restored
    /// place, a "Next" button): `animated` on the window's clock, with
    /// UIKit's appearance order. The delegate is not told, as in UIKit.
    /// Turning to the current page changes nothing but still calls the
    /// completion.
    ///
    /// - Throws: ``NavigationError/indexOutOfRange``, or
    ///   ``NavigationError/transitionInProgress`` while anything moves in the
    ///   window; route through ``Coordinator/route(_:completion:)`` to wait
    ///   for the window instead.
    public final func turn(
        to index: Int, animated: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        guard pages.indices.contains(index) else { throw .indexOutOfRange }
        let window = self.window
        guard window?.isIdle ?? true else { throw .transitionInProgress }
        guard index != currentIndex else {
            Transaction.run { Transaction.enqueue(completion) }
            return
        }
        Transaction.run(touching: window) {
            currentIndex = index
            window?.emit(.select(pages[index].screenID))
            Window.finishChange(in: window, animated: animated, completion: completion) { $0.lock(self) }
        }
    }

    /// The index a swipe of `gesture` turns to from the current page, if
    /// there is a page that way.
    func index(turnedToBy gesture: UserGesture) -> Int? {
        guard let currentIndex else { return nil }
        let target = gesture == .swipeToNextPage ? currentIndex + 1 : currentIndex - 1
        return pages.indices.contains(target) ? target : nil
    }
}

/// Whoever hears of the pages the person turns to: the stand-in for
/// `UIPageViewControllerDelegate`, usually the coordinator that shows the
/// pages. The default hears nothing.
@MainActor
public protocol PageViewControllerDelegate: AnyObject {
    /// The person's swipe turned `pageViewController` to the page at `index`;
    /// called once the turn has settled on the window's clock. Not called for
    /// a cancelled swipe, nor for a turn the app made with
    /// ``PageViewController/turn(to:animated:completion:)``.
    func pageViewController(_ pageViewController: PageViewController, didTurnTo index: Int)
}

extension PageViewControllerDelegate {
    /// Hears nothing.
    public func pageViewController(_ pageViewController: PageViewController, didTurnTo index: Int) {}
}
