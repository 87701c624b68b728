extension Window {
    // MARK: - Gestures performed in one go

    /// Performs a gesture of the person using the app, in one go: the back
    /// button, or a swipe back or down that the person finishes.
    ///
    /// - ``UserGesture/backButton`` and ``UserGesture/swipeBack`` pop the top
    ///   screen of the innermost navigation stack on top that has more than its
    ///   root, unless that screen, or one it contains (visible or not, as a
    ///   tab that is not selected), is ``ViewController/isModalInNavigation``;
    ///   then that one is told through ``ViewController/didAttemptUserBack()``.
    ///   The back button also closes the item of an expanded split on top
    ///   whose ``SplitViewController/backButtonClosesDetail`` is on, when its
    ///   secondary column holds that item alone (the secondary column is
    ///   reached before the primary one).
    /// - ``UserGesture/swipeDown`` dismisses the topmost presented screen if it
    ///   is a sheet and no screen on top is modal in presentation; otherwise the
    ///   screen that refused is told through
    ///   ``ViewController/didAttemptUserDismissal()``.
    /// - ``UserGesture/swipeToNextPage`` and ``UserGesture/swipeToPreviousPage``
    ///   turn the innermost ``PageViewController`` on top to the next or the
    ///   previous page, and tell its delegate once the turn has settled. They
    ///   remove no screen.
    ///
    /// The removal (or the page turn) is animated on the window's clock. The coordinators that
    /// own the removed screens are detached, stopped and released before any
    /// lifecycle callback of the gesture runs, so no callback sees a
    /// coordinator whose screen is gone. Only the outermost owner's parent is
    /// told, through ``Coordinator/userDidRemove(_:)``: a coordinator whose
    /// screen was inside the removed one is stopped with its removed ancestor
    /// (as ``Coordinator/removeChild(_:)`` stops a whole subtree), and its own
    /// parent, stopped too, is not told. A child's screen is expected to be
    /// shown inside its parent's (pushed above it, presented over it or
    /// embedded in it), so it leaves with the parent's.
    ///
    /// - Throws: ``NavigationError/noRootViewController``,
    ///   ``NavigationError/nothingToGoBack``, ``NavigationError/nothingToDismiss``,
    ///   ``NavigationError/notSwipeDismissible``,
    ///   ``NavigationError/dismissalRefused``, ``NavigationError/backRefused``,
    ///   ``NavigationError/noPageContainer``, ``NavigationError/noPageToTurnTo``,
    ///   ``NavigationError/gestureInProgress`` while an interactive gesture is
    ///   held, or ``NavigationError/transitionInProgress`` while anything moves.
    ///   A refused gesture changes nothing in the hierarchy and sends no event;
    ///   the one thing it does is tell the screen that refused, so it can offer
    ///   a way out.
    public func perform(_ gesture: UserGesture) throws(NavigationError) {
        let removal = try removal(for: gesture)
        emit(.gesture(gesture))
        Transaction.run(touching: self) {
            // The removal is a transition from the start, so what the owners' parents route when they hear of it
            // waits for it, as it does after an interactive gesture.
            let transition = pendingTransition ?? startTransition(kind: .gesture)
            removal.lock(in: transition)
            let removed = removal.removeScreens()
            Window.tellOwners(ofRemoved: removed)
            removal.tellDelegate(when: transition)
        }
    }

    // MARK: - Interactive gestures

    /// Begins an interactive swipe back, swipe down or page swipe, held at
    /// progress 0.
    ///
    /// The gesture is refused at its start exactly as ``perform(_:)`` refuses
    /// it. Once it began, the screens that would leave get
    /// `viewWillDisappear` and those that would be revealed get
    /// `viewWillAppear`; nothing leaves the hierarchy and no coordinator
    /// changes until ``releaseGesture(_:)`` finishes it. While it is held,
    /// every routing call in this window is refused with
    /// ``NavigationError/transitionInProgress``, the moving screens take no
    /// input, and ``Coordinator/route(_:completion:)`` requests wait.
    ///
    /// - Throws: what ``perform(_:)`` throws, and
    ///   ``NavigationError/gestureNotInteractive`` for the back button.
    public func beginGesture(_ gesture: UserGesture) throws(NavigationError) {
        guard gesture != .backButton else { throw .gestureNotInteractive }
        let removal = try removal(for: gesture)
        let kind: TransitionInfo.Kind =
            switch gesture {
            case .backButton, .swipeBack: .swipeBack
            case .swipeDown: .swipeDown
            case .swipeToNextPage, .swipeToPreviousPage: .swipePage
            }
        let transition = Transition(kind: kind)
        transition.gesture = removal
        removal.lock(in: transition)
        transitions.append(transition)
        heldGesture = transition
        pendingTransition = transition
        emit(.gesture(gesture))
        Transaction.run(touching: self) {}
    }

    /// Moves the held gesture to `progress`, from 0 (where it began) to 1 (all
    /// the way). Moving it delivers no callback.
    ///
    /// - Throws: ``NavigationError/noGestureInProgress``, or
    ///   ``NavigationError/gestureProgressOutOfRange`` if `progress` is not a
    ///   number from 0 to 1.
    public func updateGesture(progress: Double) throws(NavigationError) {
        guard let transition = heldGesture else { throw .noGestureInProgress }
        guard progress.isFinite, (0...1).contains(progress) else { throw .gestureProgressOutOfRange }
        transition.progress = progress
    }

    /// Releases the held gesture, which then finishes or cancels over the rest
    /// of ``transitionDuration`` on the window's clock: the part the gesture
    /// has not covered, to the millisecond (released at 0.7, a finish takes
    /// 90 ms and a cancel 210 ms).
    ///
    /// - Finishing removes the screens, then detaches, stops and releases the
    ///   coordinators that owned them exactly once and tells the outermost
    ///   one's parent through ``Coordinator/userDidRemove(_:)``, all before the
    ///   did-callbacks that complete the gesture.
    /// - Cancelling leaves the hierarchy and every coordinator as they were and
    ///   calls no ``Coordinator/userDidRemove(_:)``. The screens get UIKit's
    ///   callbacks for a cancelled gesture: the one that was leaving
    ///   `viewWillAppear` then `viewDidAppear`, the one that was being revealed
    ///   `viewWillDisappear` then `viewDidDisappear`.
    ///
    /// - Parameter release: ``GestureRelease/automatic`` finishes at progress
    ///   0.5 or more and cancels below, as a lifted finger does.
    /// - Returns: Whether the gesture finishes.
    /// - Throws: ``NavigationError/noGestureInProgress``.
    @discardableResult
    public func releaseGesture(_ release: GestureRelease = .automatic) throws(NavigationError) -> Bool {
        guard let transition = heldGesture, let gesture = transition.gesture else { throw .noGestureInProgress }
        let finishes =
            switch release {
            case .finish: true
            case .cancel: false
            case .automatic: transition.progress >= 0.5
            }
        heldGesture = nil
        transition.gesture = nil
        transition.targetProgress = finishes ? 1 : 0
        transition.remainingDuration = Window.remainingDuration(
            afterCovering: finishes ? transition.progress : 1 - transition.progress)
        pendingTransition = transition
        Transaction.run(touching: self) {
            if finishes {
                let removed = gesture.removeScreens()
                Window.tellOwners(ofRemoved: removed)
                gesture.tellDelegate(when: transition)
            } else {
                emit(.gestureCancelled(gesture.userGesture))
            }
        }
        return finishes
    }

    /// The part of ``transitionDuration`` left once `fraction` of it is
    /// covered, to the millisecond, so that a test can advance a clock by
    /// exactly that much.
    static func remainingDuration(afterCovering fraction: Double) -> Duration {
        let total =
            Double(transitionDuration.components.seconds) * 1000
            + Double(transitionDuration.components.attoseconds) / 1e15
        return .milliseconds(Int((total * (1 - fraction)).rounded()))
    }

    // MARK: - What a gesture removes

    /// Checks that `gesture` can start now and says what it would remove.
    private func removal(for gesture: UserGesture) throws(NavigationError) -> Transition.Gesture {
        guard rootViewController != nil else { throw .noRootViewController }
        guard heldGesture == nil else { throw .gestureInProgress }
        guard transitions.isEmpty else { throw .transitionInProgress }
        switch gesture {
        case .backButton, .swipeBack:
            guard
                let navigation = screensOnTop.reversed()
                    .lazy.compactMap({ $0 as? NavigationController })
                    .first(where: {
                        $0.viewControllers.count > 1 || (gesture == .backButton && $0.isClosableDetailColumn)
                    })
            else { throw .nothingToGoBack }
            if let leaving = navigation.topViewController,
                ViewController.screenRefusingBack(among: [leaving]) != nil
            {
                throw .backRefused
            }
            return .swipeBack(navigation)
        case .swipeDown:
            guard let sheet = presentedViewControllers.last, let presenter = sheet.presentingViewController else {
                throw .nothingToDismiss
            }
            guard sheet.modalPresentationStyle.allowsSwipeDown else { throw .notSwipeDismissible }
            if let refusing = screensOnTop.last(where: \.isModalInPresentation) {
                refusing.didAttemptUserDismissal()
                throw .dismissalRefused
            }
            return .swipeDown(sheet: sheet, presenter: presenter)
        case .swipeToNextPage, .swipeToPreviousPage:
            guard let container = screensOnTop.last(where: { $0 is PageViewController }) as? PageViewController else {
                throw .noPageContainer
            }
            guard let index = container.index(turnedToBy: gesture) else { throw .noPageToTurnTo }
            return .turnPage(container, to: index)
        }
    }

    /// Tells the owners of `removed` (and of everything they contain or
    /// present) that the person removed their screens, outermost owner first.
    static func tellOwners(ofRemoved removed: [ViewController]) {
        var screens: [ViewController] = []
        for screen in removed {
            screen.appendSubtree(to: &screens)
        }
        // Depths are remembered across the owners, so nested owners cost one step each rather than a walk to the
        // root each: a re-tap that pops a deep stack stays linear in the screens it pops.
        var depths: [ObjectIdentifier: Int] = [:]
        let owners = screens.compactMap(\.owner).enumerated()
            .map { (owner: $0.element, depth: $0.element.ownerDepth(rememberingIn: &depths), order: $0.offset) }
            .sorted { ($0.depth, $0.order) < ($1.depth, $1.order) }
        for entry in owners {
            entry.owner.personRemovedOwnedScreen()
        }
    }
}
