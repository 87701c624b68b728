import Core

/// One step of a random routing sequence.
///
/// Choices are stored as raw numbers and resolved against the state when the
/// step runs (`pick % candidates.count`), so any subsequence of a sequence is
/// still a valid sequence: that is what lets a failure be shrunk by removing
/// steps. The description is Swift source, so a shrunk sequence can be pasted
/// into a regression test.
enum ModelOperation: Equatable, Sendable, CustomStringConvertible {
    /// How an attached child's screen is shown.
    enum Placement: String, Equatable, Sendable {
        /// `detail` opens it as the item of a split of the hierarchy.
        case push, pageSheet, formSheet, fullScreen, overFullScreen, embed, detail
    }

    /// What kind of screen a step creates.
    enum Kind: String, Equatable, Sendable {
        /// `pages` is a page container of two plain pages; `split` a split with a plain list in its primary
        /// column and a plain item open in its secondary column.
        case plain, navigation, container, pages, split
    }

    /// A coordinator attaches a new child and shows its screen relative to a screen of the hierarchy.
    case attach(parent: Int, target: Int, placement: Placement, kind: Kind, modal: Bool)
    /// A parent removes a child's screen (pop, dismiss or un-embed) and then the child.
    case detach(coordinator: Int)
    /// A screen without a coordinator is pushed from a screen of the hierarchy.
    case push(target: Int, kind: Kind, modal: Bool)
    case pop(target: Int)
    case popToRoot(target: Int)
    /// A screen without a coordinator is presented from a screen of the hierarchy.
    case present(target: Int, style: PresentationStyle, kind: Kind, modal: Bool)
    case dismiss(target: Int)
    case back(UserGesture)
    case swipeDown
    case select(container: Int, index: Int)
    /// The app turns a page container of the hierarchy to the page `index` (out of range for 2).
    case turnPage(container: Int, index: Int)
    /// The person swipes the page container on top to its next page, or its previous one, in one go.
    case swipePage(next: Bool)
    /// The navigation stack of a screen is replaced: the screens whose bit is set in `keep` stay, in reverse
    /// order if `reversed`, then a new plain screen if `fresh`, then the first again if `duplicate`.
    case setStack(target: Int, keep: Int, reversed: Bool, fresh: Bool, duplicate: Bool)
    /// A coordinator of the tree is attached again, to a coordinator of the tree: always refused.
    case reattach(child: Int, parent: Int)
    /// A coordinator below the root is stopped (it stays attached to its parent).
    case stop(coordinator: Int)
    /// A split of the hierarchy opens a new screen without a coordinator as its item.
    case showDetail(split: Int, kind: Kind, modal: Bool)
    /// A split of the hierarchy closes its item; the parent then removes the coordinators of what closed.
    case closeDetail(split: Int)
    /// The window becomes wide (regular) or narrow (compact), as a resize does.
    case sizeClass(regular: Bool)
    /// A page container of the hierarchy gets new pages: those whose bit is set in `keep` stay, in order,
    /// then a new plain page if `fresh`; `current` is the page made current (out of range for 3).
    case setPages(container: Int, keep: Int, fresh: Bool, current: Int)
    /// A split of the hierarchy lets the back button close its item (`backButtonClosesDetail`), or stops.
    case closesOnBack(split: Int, on: Bool)

    // MARK: Time and touch (run on a manual clock)

    /// What a coordinator asks for through `route(_:completion:)` or `addChild(_:showing:completion:)`,
    /// relative to its own screen, always animated.
    enum RequestedChange: Equatable, Sendable, CustomStringConvertible {
        case push, pop, dismiss
        case present(PresentationStyle)
        /// A new child coordinator, attached and shown with `addChild(_:showing:)`.
        case attachPushed
        case attachPresented(PresentationStyle)

        var description: String {
            switch self {
            case .push: ".push"
            case .pop: ".pop"
            case .dismiss: ".dismiss"
            case .present(let style): ".present(.\(style))"
            case .attachPushed: ".attachPushed"
            case .attachPresented(let style): ".attachPresented(.\(style))"
            }
        }
    }

    /// How a held gesture is released.
    enum Release: String, Equatable, Sendable {
        case automatic, finish, cancel
    }

    /// The routing operation, with `animated: true` (a container's embedding stays instant).
    indirect case animated(ModelOperation)
    /// The manual clock moves forward.
    case advance(milliseconds: Int)
    /// An interactive swipe back or swipe down begins.
    case beginGesture(UserGesture)
    /// The held gesture moves to `quarters` / 4.
    case moveGesture(quarters: Int)
    case releaseGesture(Release)
    /// A coordinator of the tree asks to route; the request waits while anything moves.
    case request(coordinator: Int, change: RequestedChange)
    /// The person taps the action every plain screen offers, on the screen on top.
    case tap
    /// The root tab bar's tab `index` is selected: tapped by the person through the window (a tap on the
    /// selected tab pops its stack to the root), or selected by the app.
    case tab(index: Int, tapped: Bool)
    /// The root tab bar's tab `index` gets the badge `value` (none for 0).
    case badge(index: Int, value: Int)

    /// The action every plain screen offers.
    static let tapAction = "probe"

    var description: String {
        switch self {
        case .attach(let parent, let target, let placement, let kind, let modal):
            ".attach(parent: \(parent), target: \(target), placement: .\(placement), kind: .\(kind), modal: \(modal))"
        case .detach(let coordinator): ".detach(coordinator: \(coordinator))"
        case .push(let target, let kind, let modal): ".push(target: \(target), kind: .\(kind), modal: \(modal))"
        case .pop(let target): ".pop(target: \(target))"
        case .popToRoot(let target): ".popToRoot(target: \(target))"
        case .present(let target, let style, let kind, let modal):
            ".present(target: \(target), style: .\(style), kind: .\(kind), modal: \(modal))"
        case .dismiss(let target): ".dismiss(target: \(target))"
        case .back(let gesture): ".back(.\(gesture))"
        case .swipeDown: ".swipeDown"
        case .select(let container, let index): ".select(container: \(container), index: \(index))"
        case .turnPage(let container, let index): ".turnPage(container: \(container), index: \(index))"
        case .swipePage(let next): ".swipePage(next: \(next))"
        case .setStack(let target, let keep, let reversed, let fresh, let duplicate):
            ".setStack(target: \(target), keep: \(keep), reversed: \(reversed), fresh: \(fresh), duplicate: \(duplicate))"
        case .stop(let coordinator): ".stop(coordinator: \(coordinator))"
        case .reattach(let child, let parent): ".reattach(child: \(child), parent: \(parent))"
        case .animated(let operation): ".animated(\(operation))"
        case .advance(let milliseconds): ".advance(milliseconds: \(milliseconds))"
        case .beginGesture(let gesture): ".beginGesture(.\(gesture))"
        case .moveGesture(let quarters): ".moveGesture(quarters: \(quarters))"
        case .releaseGesture(let release): ".releaseGesture(.\(release))"
        case .request(let coordinator, let change): ".request(coordinator: \(coordinator), change: \(change))"
        case .tap: ".tap"
        case .tab(let index, let tapped): ".tab(index: \(index), tapped: \(tapped))"
        case .badge(let index, let value): ".badge(index: \(index), value: \(value))"
        case .showDetail(let split, let kind, let modal):
            ".showDetail(split: \(split), kind: .\(kind), modal: \(modal))"
        case .closeDetail(let split): ".closeDetail(split: \(split))"
        case .sizeClass(let regular): ".sizeClass(regular: \(regular))"
        case .setPages(let container, let keep, let fresh, let current):
            ".setPages(container: \(container), keep: \(keep), fresh: \(fresh), current: \(current))"
        case .closesOnBack(let split, let on): ".closesOnBack(split: \(split), on: \(on))"
        }
    }

    /// A random sequence of `count` operations for `seed`, always the same for the same arguments: the
    /// routing operations, and now and then an interactive gesture, mostly a page swipe, that the immediate
    /// clock ends as soon as it is released.
    static func randomSequence(seed: UInt64, count: Int) -> [ModelOperation] {
        var generator = SplitMix64(seed: seed)
        var operations: [ModelOperation] = []
        while operations.count < count {
            guard generator.below(25) == 0 else {
                operations.append(random(using: &generator))
                continue
            }
            let gestures: [UserGesture] = [.swipeToNextPage, .swipeToNextPage, .swipeToPreviousPage, .swipeBack]
            operations += [
                .beginGesture(gestures[generator.below(gestures.count)]), .moveGesture(quarters: generator.below(5)),
            ]
            if generator.below(2) == 0 { operations.append(generator.below(3) == 0 ? .tap : random(using: &generator)) }
            let releases: [Release] = [.automatic, .finish, .cancel]
            operations.append(.releaseGesture(releases[generator.below(releases.count)]))
        }
        return Array(operations.prefix(count))
    }

    /// A random sequence for a window on a manual clock: the operations above, half of the routing ones
    /// animated, mixed with clock steps, interactive gestures and routing requests made while things move.
    static func randomTimedSequence(seed: UInt64, count: Int) -> [ModelOperation] {
        var generator = SplitMix64(seed: seed)
        var operations: [ModelOperation] = []
        while operations.count < count {
            if generator.below(10) == 0 {
                operations += randomGestureEpisode(using: &generator)
            } else {
                operations.append(randomTimed(using: &generator))
            }
        }
        return Array(operations.prefix(count))
    }

    /// A gesture as a person makes it once the screen is still: the clock runs out what moves, the gesture
    /// begins and moves, something else may be tried meanwhile (refused while the gesture is held), and
    /// the gesture is released.
    static func randomGestureEpisode(using generator: inout SplitMix64) -> [ModelOperation] {
        var episode: [ModelOperation] = [
            .advance(milliseconds: 3_000),
            .beginGesture(randomGesture(using: &generator)),
            .moveGesture(quarters: generator.below(5)),
        ]
        if generator.below(2) == 0 { episode.append(generator.below(3) == 0 ? .tap : randomTimed(using: &generator)) }
        let releases: [Release] = [.automatic, .automatic, .finish, .cancel]
        episode.append(.releaseGesture(releases[generator.below(releases.count)]))
        return episode
    }

    static func randomTimed(using generator: inout SplitMix64) -> ModelOperation {
        let pick = { (generator: inout SplitMix64) in generator.below(1_000) }
        switch generator.below(104) {
        case 0..<48:
            let operation = random(using: &generator)
            switch operation {
            case .back, .swipeDown, .swipePage, .select, .reattach, .stop, .tab, .badge, .sizeClass, .setPages,
                .closesOnBack:
                return operation
            default: return generator.below(2) == 0 ? .animated(operation) : operation
            }
        case 48..<63:
            let steps = [0, 100, 150, 300, 300, 600]
            return .advance(milliseconds: steps[generator.below(steps.count)])
        case 63..<73: return .beginGesture(randomGesture(using: &generator))
        case 73..<77: return .moveGesture(quarters: generator.below(5))
        case 77..<80: return .tap
        case 80..<86:
            let releases: [Release] = [.automatic, .automatic, .finish, .cancel]
            return .releaseGesture(releases[generator.below(releases.count)])
        case 86..<89:
            // The person's tab taps, a re-tap's pop animated (on the split tab, two stacks at once).
            return .tab(index: generator.below(3), tapped: true)
        case 100..<104:
            // A split lets the back button close its item, and the back button closes it while things move.
            return generator.below(2) == 0
                ? .closesOnBack(split: pick(&generator), on: true) : .back(.backButton)
        default:
            let style = PresentationStyle.allCases[generator.below(PresentationStyle.allCases.count)]
            let changes: [RequestedChange] = [
                .push, .push, .pop, .dismiss, .present(style), .attachPushed, .attachPushed, .attachPresented(style),
            ]
            return .request(coordinator: pick(&generator), change: changes[generator.below(changes.count)])
        }
    }

    /// An interactive gesture: mostly the swipe back, then the swipe down, then the page swipes.
    static func randomGesture(using generator: inout SplitMix64) -> UserGesture {
        let gestures: [UserGesture] = [
            .swipeBack, .swipeBack, .swipeBack, .swipeDown, .swipeDown, .swipeToNextPage, .swipeToPreviousPage,
        ]
        return gestures[generator.below(gestures.count)]
    }

    static func random(using generator: inout SplitMix64) -> ModelOperation {
        let pick = { (generator: inout SplitMix64) in generator.below(1_000) }
        let kinds: [Kind] = [.plain, .plain, .plain, .navigation, .container, .pages, .split]
        let kind = kinds[generator.below(kinds.count)]
        let modal = generator.below(8) == 0
        switch generator.below(113) {
        case 0..<22:
            let placements: [Placement] = [
                .push, .push, .pageSheet, .formSheet, .fullScreen, .overFullScreen, .embed, .detail,
            ]
            return .attach(
                parent: pick(&generator), target: pick(&generator),
                placement: placements[generator.below(placements.count)], kind: kind, modal: modal)
        case 22..<30: return .detach(coordinator: pick(&generator))
        case 30..<40: return .push(target: pick(&generator), kind: kind, modal: modal)
        case 40..<48: return .pop(target: pick(&generator))
        case 48..<51: return .popToRoot(target: pick(&generator))
        case 51..<59:
            let style = PresentationStyle.allCases[generator.below(PresentationStyle.allCases.count)]
            return .present(target: pick(&generator), style: style, kind: kind, modal: modal)
        case 59..<67: return .dismiss(target: pick(&generator))
        case 67..<76: return .back(generator.below(2) == 0 ? .backButton : .swipeBack)
        case 76..<83: return .swipeDown
        case 83..<86: return .swipePage(next: generator.below(3) != 0)
        case 86..<88: return .select(container: pick(&generator), index: generator.below(4))
        case 88..<89: return .turnPage(container: pick(&generator), index: generator.below(3))
        case 89..<92: return .tab(index: generator.below(3), tapped: generator.below(3) != 0)
        case 92..<93: return .badge(index: generator.below(3), value: generator.below(3))
        case 93..<96:
            return .setStack(
                target: pick(&generator), keep: generator.below(256), reversed: generator.below(4) == 0,
                fresh: generator.below(2) == 0, duplicate: generator.below(10) == 0)
        case 96..<98: return .reattach(child: pick(&generator), parent: pick(&generator))
        case 98..<100: return .stop(coordinator: pick(&generator))
        case 100..<103: return .showDetail(split: pick(&generator), kind: kind, modal: modal)
        case 103..<105: return .closeDetail(split: pick(&generator))
        case 105..<108: return .sizeClass(regular: generator.below(2) == 0)
        case 108..<111: return .closesOnBack(split: pick(&generator), on: generator.below(4) != 0)
        default:
            return .setPages(
                container: pick(&generator), keep: generator.below(8), fresh: generator.below(2) == 0,
                current: generator.below(3))
        }
    }
}
