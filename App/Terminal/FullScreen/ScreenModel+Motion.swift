import AppInterface
import Core

/// Transitions in flight, drawn part way.
extension ScreenModel {
    /// What the full screen drew last while nothing moved, and the ids of the screens it drew: what a pop or a
    /// dismissal takes away is drawn from it, since the window no longer holds those screens once they start to leave.
    struct Settled: Equatable, Sendable {
        /// The model drawn.
        var model: ScreenModel
        /// The ids of the screens on top it was drawn from, a sheet's included.
        var screenIDs: Set<String>
    }

    /// The ids of every screen in `snapshot`'s levels, hidden ones (a stack's lower screens) included.
    static func screenIDs(in snapshot: ScreenSnapshot) -> Set<String> {
        var ids: Set<String> = []
        var screens = snapshot.levels.map(\.screen)
        while let screen = screens.popLast() {
            ids.insert(screen.screenID)
            screens += screen.children
        }
        return ids
    }

    /// This model with what the transition in flight in `snapshot` takes away drawn leaving, when `settled` drew it: the screen popped slides
    /// out to the right over the dimmed screen it reveals, and the sheet dismissed sinks over its presenter, as far as
    /// the transition has come. Unchanged when `transition` takes nothing away that `settled` drew, when this model
    /// already draws something moving, or when what leaves is an item closed beside its list (it was not pushed
    /// over the list, so it does not slide off it).
    func leaving(_ settled: Settled?, in snapshot: ScreenSnapshot) -> ScreenModel {
        guard slide == nil, let settled, let transition = snapshot.transitions.last, !transition.isHeld,
            transition.kind == .routing || transition.kind == .gesture,
            let leavingID = transition.leavingIDs.first, settled.screenIDs.contains(leavingID),
            !Self.screenIDs(in: snapshot).contains(leavingID)
        else { return self }
        let progress = min(max(transition.progress, 0), 1)
        var drawn = self
        if let sheet = settled.model.sheet, self.sheet == nil {
            drawn.content = settled.model.content
            drawn.sheet = sheet
            drawn.slide = .down(progress: progress)
        } else if settled.model.sheet == nil, self.sheet == nil, secondColumn == nil,
            settled.model.secondColumn == nil
        {
            drawn.content = settled.model.content
            drawn.path = settled.model.path
            drawn.slide = .back(progress: progress, revealed: Self.dimmed(content))
        }
        return drawn
    }

    /// The transition in flight `transition` that time moves, drawn part way: a screen pushed slides in from the
    /// right over the screen under it in the innermost stack of `topPath`; a sheet shown rises from the bottom; a
    /// swipe let go moves on from where it was let go. `nil` for what moves no screen drawn here (a page turned, a
    /// container's child). What leaves the window (a pop, a dismissal) is no longer in the snapshot: see
    /// ``leaving(_:transition:)``.
    @MainActor
    static func motion(
        of transition: TransitionInfo?, levels: [ScreenSnapshot.Level], topPath: [ScreenSnapshot.Screen],
        screenIDs: Set<String>, presentation: ScreenPresentation
    ) -> Slide? {
        guard let transition, !transition.isHeld else { return nil }
        // What left the window is drawn from what was drawn before it left (``leaving(_:in:)``).
        if transition.leavingIDs.contains(where: { !screenIDs.contains($0) }) { return nil }
        let progress = min(max(transition.progress, 0), 1)
        switch transition.kind {
        case .swipeBack, .swipeDown:
            return slide(of: transition, topPath: topPath, presentation: presentation)
        case .swipePage:
            return nil
        case .routing, .gesture:
            break
        }
        if levels.count > 1, let top = levels.last, top.style != .fullScreen,
            transition.arrivingIDs.contains(top.screen.screenID)
        {
            return .down(progress: 1 - progress)
        }
        guard let arriving = topPath.last(where: { transition.arrivingIDs.contains($0.screenID) }) else { return nil }
        guard let index = topPath.lastIndex(where: { $0.kind == .navigation && $0.children.count > 1 }),
            let position = topPath[index].children.firstIndex(where: { $0.screenID == arriving.screenID }), position > 0
        else { return .back(progress: 1 - progress, revealed: []) }
        let under = Array(topPath[...index]) + topPath[index].children[position - 1].visiblePath
        return .back(progress: 1 - progress, revealed: dimmed(lines(of: under, presentation: presentation)))
    }
}
