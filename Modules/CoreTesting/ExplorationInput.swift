public import Core

/// One input the explorer gives a window, as a person (or the app's router) would.
public enum ExplorationInput: Hashable, Sendable, CustomStringConvertible {
    /// Type the sample text into every field on top, then tap the action with this id.
    case action(String)
    /// The person's back (the back button).
    case back
    /// The interactive swipe back, released past half way (`finished`) or before it.
    case swipeBack(finished: Bool)
    /// The interactive swipe down of the sheet on top, released past half way (`finished`) or before it.
    case swipeDown(finished: Bool)
    /// The deep link at this index of the exploration's list.
    case deepLink(Int)
    /// The person's tap on the tab with this id of the tab bar on top (`Window.tapTab(_:)` in Core).
    case tab(String)
    /// The interactive swipe of the page container on top to its next page (`next`) or its previous one,
    /// released past half way (`finished`) or before it.
    case swipePage(next: Bool, finished: Bool)
    /// The window becomes compact or regular (`Window.setHorizontalSizeClass(_:)` in Core), as a resize does.
    case sizeClass(SizeClass)

    /// Whether it is an action: one that types the sample text into every field on top first.
    var isAction: Bool {
        if case .action = self { return true }
        return false
    }

    /// Whether it is a tap on a tab.
    var isTab: Bool {
        if case .tab = self { return true }
        return false
    }

    /// The input in a few words, such as `tap login` or `swipe back (cancelled)`.
    public var description: String {
        switch self {
        case .action(let id): "tap \(id)"
        case .back: "back"
        case .swipeBack(let finished): "swipe back (\(finished ? "finished" : "cancelled"))"
        case .swipeDown(let finished): "swipe down (\(finished ? "finished" : "cancelled"))"
        case .deepLink(let index): "deep link #\(index)"
        case .tab(let id): "tab \(id)"
        case .swipePage(let next, let finished):
            "swipe to the \(next ? "next" : "previous") page (\(finished ? "finished" : "cancelled"))"
        case .sizeClass(let sizeClass): "\(sizeClass.rawValue) width"
        }
    }
}

/// A deep link the explorer opens from every state: the line that opens it in a script, and what opening it
/// does to the subject.
@MainActor
public struct ExplorationDeepLink {
    /// The script line that opens the link in the app, such as `open app://feed/compose`.
    public let script: String
    /// Opens the link; a throw means it was refused (and must change nothing).
    public let open: @MainActor (ExplorationSubject) throws -> Void

    /// A link opened by `open`, written `script` in a replayable script.
    public init(script: String, open: @escaping @MainActor (ExplorationSubject) throws -> Void) {
        self.script = script
        self.open = open
    }
}

/// What the explorer drives: a window and the root of the coordinator tree that shows its screens. The explorer
/// builds a fresh one for every path it replays, so each path starts from the same state.
@MainActor
public struct ExplorationSubject {
    /// The window the person sees.
    public let window: Window
    /// The root of the tree; stopping it is the teardown.
    public let root: Coordinator
    /// Takes a snapshot of the subject's state now, from which fresh subjects in that state are built without
    /// replaying the inputs that led there (for an app, a copy of its data and its root's restoration record);
    /// `nil`, or a snapshot that returns `nil`, makes the explorer replay the path. See ``ExplorationSnapshot``.
    public let takeSnapshot: (@MainActor () -> ExplorationSnapshot?)?
    /// What the subject keeps that its screens do not show, such as the data of an app over in-memory services;
    /// `nil` when it keeps nothing of the kind.
    ///
    /// The explorer keeps a subject alive from one input to the next when it shows the state the next input is
    /// tried in: the state's screens and tree, the text in its fields, and an equal unseen state. A subject whose
    /// services keep something its screens do not show (accounts, posts) must report it here, or a subject that
    /// took another path could stand for a state it does not behave like.
    public let unseenState: (@MainActor () -> AnyHashable?)?

    /// A subject that shows `root`'s flows in `window`; `takeSnapshot`, when given, spares the explorer replaying
    /// every path from the start; `unseenState` reports what its services keep that its screens do not show.
    public init(
        window: Window, root: Coordinator, takeSnapshot: (@MainActor () -> ExplorationSnapshot?)? = nil,
        unseenState: (@MainActor () -> AnyHashable?)? = nil
    ) {
        self.window = window
        self.root = root
        self.takeSnapshot = takeSnapshot
        self.unseenState = unseenState
    }
}

/// Builds a fresh subject in the state a snapshot was taken in; each call builds a new one, which the explorer
/// drives and tears down. The explorer uses it only when the subject it builds has the screens, their content
/// and the tree of the state the snapshot was taken in (the state's key); otherwise it replays the path, so the
/// exploration finds the same states, transitions and violations either way.
public typealias ExplorationSnapshot = @MainActor () throws -> ExplorationSubject

/// One broken invariant, with the shortest path of inputs from the start that breaks it.
public struct ExplorationViolation: Equatable, Sendable, CustomStringConvertible {
    /// Which invariant broke.
    public enum Invariant: String, Sendable {
        /// A coordinator in the tree whose screen is not in the window, or a screen whose coordinator left.
        case coordinatorsMatchScreens = "coordinators match screens"
        /// A refused input, or a cancelled swipe, changed the screens or the tree.
        case refusedInputChangedNothing = "a refused input changes nothing"
        /// A state from which no explored input leads back to the start.
        case wayBackToStart = "a way back to the start"
        /// A coordinator or screen still alive after the subject was torn down.
        case nothingLeftAlive = "nothing left alive"
        /// A path that no longer replays the same way: the subject is not deterministic.
        case replays = "paths replay"
    }

    /// The invariant.
    public let invariant: Invariant
    /// What broke, in a sentence.
    public let message: String
    /// The shortest path of inputs from the start.
    public let path: [ExplorationInput]
    /// The path as script lines a person replays in the app (`set email …`, `login`, `swipe back 0.7`,
    /// `release`, `open app://…`).
    public let script: [String]

    /// The invariant, the message and the script, one line each.
    public var description: String {
        "[\(invariant.rawValue)] \(message)\n" + script.map { "    " + $0 }.joined(separator: "\n")
    }
}

/// What an exploration found: how much it covered and what broke.
public struct ExplorationReport: Sendable, CustomStringConvertible {
    /// The distinct states reached (screens with what they show, and the coordinator tree).
    public let stateCount: Int
    /// The inputs applied that the subject accepted, each from one state to the next (which may be the same).
    public let transitionCount: Int
    /// Every broken invariant, each with its shortest path, in the order found.
    public let violations: [ExplorationViolation]
    /// The key of each state reached, in the order found: its screens with what they show, then its coordinator
    /// tree; empty keys when the exploration was asked not to write them.
    public let states: [String]
    /// Whether the exploration stopped finding states at its state budget while inputs still led to new ones: it
    /// is then incomplete at its depth, and the states past the budget were neither reached nor judged.
    public let reachedStateBudget: Bool
    /// Every accepted input that led to a state reached, from each state in the order found, in the order tried:
    /// the graph of the states, to compare two explorations by, or to draw.
    public let transitions: [ExplorationTransition]

    /// `explored <N> states, <M> transitions, <K> violations`, and, when the state budget stopped it, that it is
    /// incomplete.
    public var summary: String {
        let counts = "explored \(stateCount) states, \(transitionCount) transitions, \(violations.count) violations"
        guard reachedStateBudget else { return counts }
        return counts + "; stopped at the state budget of \(stateCount) states before the depth was covered"
    }

    /// Every violation, then the summary.
    public var description: String {
        (violations.map(\.description) + [summary]).joined(separator: "\n")
    }
}

/// An accepted input between two states of an exploration, each by its place in ``ExplorationReport/states``.
public struct ExplorationTransition: Equatable, Sendable, CustomStringConvertible {
    /// The state the input was tried in.
    public let from: Int
    /// The input.
    public let input: ExplorationInput
    /// The state it led to: the same one for an input that changed nothing the state's key holds.
    public let to: Int

    /// `3 --tap open--> 5`.
    public var description: String { "\(from) --\(input)--> \(to)" }
}

/// The inputs the explorer tries, applied as a person would.
extension Explorer {
    /// How the subject took an input: refused (why), or accepted; a cancelled swipe is accepted but must change
    /// nothing.
    struct Step {
        var refusal: Refusal?
        var cancelled = false

        /// Why the input left the subject where it was (refused, or a cancelled swipe), or `nil` when it was
        /// accepted and finished.
        var stayed: String? { refusal.map(\.description) ?? (cancelled ? "cancelled" : nil) }
        /// Whether the input must have changed nothing: refused, or a cancelled swipe.
        var stays: Bool { refusal != nil || cancelled }
    }

    /// Why an input was refused, spelled only when a message needs it: most refusals are not reported, and
    /// describing an error costs more than the rest of a refused input.
    enum Refusal: CustomStringConvertible {
        /// The screen refused the action, saying why.
        case reason(String)
        /// The input threw.
        case error(any Error)

        var description: String {
            switch self {
            case .reason(let reason): "refused: \(reason)"
            case .error(let error): "refused with \(error)"
            }
        }
    }

    /// Applies `input` as a person would, and appends the script lines that do the same in the app.
    /// `state` is the state the subject is expected at (on the path it replays), and `isAtState` says that it was
    /// found to show that state: only then is what the state shows remembered (``statesWithoutFields``).
    func apply(
        _ input: ExplorationInput, to subject: ExplorationSubject, at state: Int? = nil, isAtState: Bool = false,
        script: inout [String]
    ) -> Step {
        let window = subject.window
        do {
            switch input {
            case .action(let id):
                // A state shows the same fields wherever it is reached (they are part of its key): one that showed
                // none on top types nothing, and its screens' content is not read again to find out.
                var showsNoField = false
                if let state { showsNoField = statesWithoutFields.contains(state) }
                if !showsNoField {
                    let typed = typeSampleText(in: window)
                    script += typed.lines
                    if let state, isAtState, !typed.sawField { statesWithoutFields.insert(state) }
                }
                script.append(id)
                if case .refused(let reason) = try window.performAction(id) {
                    return Step(refusal: .reason(reason))
                }
            case .back:
                script.append("back")
                try window.perform(.backButton)
            case .swipeBack(let finished), .swipeDown(let finished):
                let gesture: UserGesture = input == .swipeBack(finished: finished) ? .swipeBack : .swipeDown
                script += [
                    "\(gesture == .swipeBack ? "swipe back" : "swipe down") \(finished ? "0.7" : "0.3")", "release",
                ]
                try window.beginGesture(gesture)
                try window.updateGesture(progress: finished ? 0.7 : 0.3)
                try window.releaseGesture(finished ? .finish : .cancel)
                return Step(cancelled: !finished)
            case .deepLink(let index):
                guard deepLinks.indices.contains(index) else { return Step(refusal: .reason("no deep link #\(index)")) }
                script.append(deepLinks[index].script)
                try deepLinks[index].open(subject)
            case .tab(let id):
                script.append("tab \(id)")
                _ = try window.tapTab(id)
            case .swipePage(let next, let finished):
                script += ["swipe \(next ? "next" : "previous") \(finished ? "0.7" : "0.3")", "release"]
                try window.beginGesture(next ? .swipeToNextPage : .swipeToPreviousPage)
                try window.updateGesture(progress: finished ? 0.7 : 0.3)
                try window.releaseGesture(finished ? .finish : .cancel)
                return Step(cancelled: !finished)
            case .sizeClass(let sizeClass):
                script.append("width \(sizeClass == .compact ? 80 : 160)")
                window.setHorizontalSizeClass(sizeClass)
            }
        } catch {
            return Step(refusal: .error(error))
        }
        return Step()
    }

    /// The inputs `window` offers beyond every state's: a tap on each tab of the tab bar on top, the swipes of the
    /// page container on top (each finished and cancelled), and a resize to the other width while a split is on
    /// top.
    static func containerInputs(in window: Window) -> [ExplorationInput] {
        let onTop = window.screensOnTop
        var inputs = ((onTop.last { $0 is TabBarController } as? TabBarController)?.items ?? []).map {
            ExplorationInput.tab($0.id)
        }
        if onTop.contains(where: { $0 is PageViewController }) {
            inputs += [true, false].flatMap { next in
                [true, false].map { ExplorationInput.swipePage(next: next, finished: $0) }
            }
        }
        if onTop.contains(where: { $0 is SplitViewController }) {
            inputs.append(.sizeClass(window.horizontalSizeClass == .compact ? .regular : .compact))
        }
        return inputs
    }

    /// Types the sample text into every field of the screens on top; returns the script lines that do the same.
    func typeSampleText(in window: Window) -> (lines: [String], sawField: Bool) {
        var lines: [String] = []
        var sawField = false
        for screen in window.screensOnTop {
            for field in screen.content.fields {
                sawField = true
                let text = sampleText(screen.screenID, field)
                if (try? window.setText(text, forField: field.id)) != nil { lines.append("set \(field.id) \(text)") }
            }
        }
        return (lines, sawField)
    }

    /// The actions enabled on top once every field holds its sample text, without duplicates, in order.
    func enabledActionsAfterTyping(in subject: ExplorationSubject) -> [String] {
        _ = typeSampleText(in: subject.window).lines
        var seen: Set<String> = []
        return subject.window.contentOnTop.flatMap(\.actions).filter(\.isEnabled).map(\.id).filter {
            seen.insert($0).inserted
        }
    }
}
