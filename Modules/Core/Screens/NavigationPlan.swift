/// One change a window makes in one transition, as the path planner plans it.
public enum NavigationStep: Hashable, Sendable, CustomStringConvertible {
    /// Dismisses every presentation above the first `keeping` ones, at once
    /// (UIKit dismisses everything a presenter's presented screen presents).
    case dismiss(keeping: Int)
    /// Selects the tab with this id.
    case selectTab(String)
    /// Pops the stack on top until `keeping` pushed screens are left (`0` pops
    /// to the root).
    case popTo(keeping: Int)
    /// Pushes these places onto the stack on top, together.
    case push([String])
    /// Replaces the stack on top at once: its root and its first `keeping`
    /// pushed screens stay, and these places follow them (set-all).
    case setStack(keeping: Int, pushing: [String])
    /// Presents the place with a style over the screen on top.
    case present(String, PresentationStyle)

    /// For example `push feed.post` or `setStack keeping 1, pushing a,b`.
    public var description: String {
        switch self {
        case .dismiss(let keeping): "dismiss keeping \(keeping)"
        case .selectTab(let id): "selectTab \(id)"
        case .popTo(let keeping): "popTo keeping \(keeping)"
        case .push(let places): "push \(places.joined(separator: ","))"
        case .setStack(let keeping, let places): "setStack keeping \(keeping), pushing \(places.joined(separator: ","))"
        case .present(let place, let style): "present \(place) \(style.rawValue)"
        }
    }
}

/// The fewest steps UIKit allows from one ``NavigationPath`` to another, as
/// FlowStacks' `calculateSteps` and swift-navigation's stack diff plan them,
/// with UIKit's rules rather than SwiftUI's:
///
/// - One presentation change per transition: every presentation above the
///   first place the paths part is dismissed in one step, and each new one is
///   presented in a step of its own.
/// - Pushes together: the screens a layer gains are pushed in one step.
/// - Pop-to: a layer that only loses screens pops to the last one it keeps.
/// - Set-all: a layer that loses screens and gains others is replaced in one
///   step.
/// - A tab change dismisses every presentation first (they cover the tab
///   bar), selects the tab, and continues from that tab's own stack.
///
/// The plan is a value: run it with ``Coordinator/follow(_:applying:)``, which
/// routes each step through the routing queue and stops at the first refusal.
public struct NavigationPlan: Hashable, Sendable, CustomStringConvertible {
    /// Where the plan starts.
    public let start: NavigationPath
    /// Where it ends.
    public let target: NavigationPath
    /// The steps, in order, each one transition.
    public let steps: [NavigationStep]

    /// The plan from `start` to `target`. `tabStacks` holds, for tabs other
    /// than `start`'s, the places pushed onto their stacks (a tab not listed
    /// has only its root); it is read only when the tab changes.
    public init(from start: NavigationPath, to target: NavigationPath, tabStacks: [String: [String]] = [:]) {
        self.start = start
        self.target = target
        var steps: [NavigationStep] = []
        var routes = start.routes
        if let tab = target.tab, tab != start.tab {
            if start.presentationCount > 0 { steps.append(.dismiss(keeping: 0)) }
            steps.append(.selectTab(tab))
            routes = (tabStacks[tab] ?? []).map { .push($0) }
        }
        steps += Self.steps(from: routes, to: target.routes)
        self.steps = steps
    }

    /// The steps from `start` to `end` within one tab.
    static func steps(from start: [NavigationPath.Route], to end: [NavigationPath.Route]) -> [NavigationStep] {
        var steps: [NavigationStep] = []
        let common = zip(start, end).prefix { $0 == $1 }.count
        // Every presentation from the first place the paths part goes, at once.
        var current = start
        if let firstPresentation = start[common...].firstIndex(where: \.isPresentation) {
            steps.append(.dismiss(keeping: start[..<firstPresentation].count { $0.isPresentation }))
            current = Array(start[..<firstPresentation])
        }
        // The layer on top now is the one the common part ends in: it loses its pushes after `common`, and gains
        // the pushes that follow in `end`.
        let layerStart = (current[..<common].lastIndex(where: \.isPresentation)).map { $0 + 1 } ?? 0
        let kept = common - layerStart
        let lost = current.count - common
        let gained = end[common...].prefix { !$0.isPresentation }.map(\.place)
        switch (lost > 0, !gained.isEmpty) {
        case (true, false): steps.append(.popTo(keeping: kept))
        case (true, true): steps.append(.setStack(keeping: kept, pushing: gained))
        case (false, true): steps.append(.push(gained))
        case (false, false): break
        }
        // Each new layer: its presentation, then its pushes together.
        var index = common + gained.count
        while index < end.count {
            if case .present(let place, let style) = end[index] {
                steps.append(.present(place, style))
                index += 1
            }
            let pushes = end[index...].prefix { !$0.isPresentation }.map(\.place)
            if !pushes.isEmpty { steps.append(.push(pushes)) }
            index += pushes.count
        }
        return steps
    }

    /// The steps, one a line.
    public var description: String { steps.map(\.description).joined(separator: "\n") }
}
