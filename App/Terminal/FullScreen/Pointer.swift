import Core

/// What the pointer did, as the terminal reported it, at a cell counted from 0.
struct PointerEvent: Equatable, Sendable {
    /// The kind of report.
    enum Kind: Equatable, Sendable {
        /// The first button went down.
        case press
        /// The pointer moved with the button held.
        case drag
        /// The button came up.
        case release
        /// The wheel turned up, or down.
        case wheelUp, wheelDown
    }

    /// What happened.
    var kind: Kind
    /// The row, from the top.
    var row: Int
    /// The column, from the left.
    var column: Int
}

/// Reads what a person means by the pointer over the frame last drawn: a click (press and release on the same
/// target), the wheel, or a drag that is a swipe, begun, moved and let go as the pointer goes.
///
/// A pure value, so every path is tested without a terminal; ``FullScreenSession`` carries out what it says.
struct PointerGestures: Equatable, Sendable {
    /// What the person means.
    enum Intent: Equatable, Sendable {
        /// A click on `target`.
        case click(PointerTarget)
        /// Begin `gesture` and hold it at `progress`.
        case beginSwipe(UserGesture, progress: Double)
        /// Move the held swipe to `progress`.
        case moveSwipe(progress: Double)
        /// Move the held swipe to `progress` and let go of it.
        case releaseSwipe(progress: Double)
        /// Scroll the output (or, when `output` is false, the screen) by `rows`, upwards when negative.
        case scroll(output: Bool, rows: Int)
    }

    /// How many columns at the left edge of a pushed screen take hold of it for a swipe back.
    static let edgeColumns = 2
    /// How many rows one turn of the wheel scrolls.
    static let wheelRows = 3

    private struct Press: Equatable, Sendable {
        var row: Int
        var column: Int
        var target: PointerTarget?
        /// The swipe a drag from here would be; `nil` once refused, or when the press holds nothing.
        var gesture: UserGesture?
        /// Whether a sideways drag from here turns the pages on top: which way is known once it moves.
        var turnsPages = false
        /// Whether the drag became a swipe (or tried to): the release then is no click.
        var hasDragged = false
    }

    private var press: Press?

    /// An idle reader.
    init() {}

    /// Whether a swipe made by the pointer is held now.
    var isSwiping: Bool { press?.hasDragged == true && press?.gesture != nil }

    /// What `event` means over `frame`; `canGoBack` says whether the screen on top was pushed (and so can be
    /// swiped back from its left edge), `showsPages` whether pages are on top (and so turn with a sideways drag:
    /// to the left for the next page, to the right for the previous one).
    mutating func handle(
        _ event: PointerEvent, in frame: ScreenLayout.Frame, canGoBack: Bool, showsPages: Bool = false
    ) -> Intent? {
        switch event.kind {
        case .wheelUp, .wheelDown:
            let rows = event.kind == .wheelUp ? -Self.wheelRows : Self.wheelRows
            return .scroll(output: frame.output.contains(event.row), rows: rows)
        case .press:
            let target = frame.target(row: event.row, column: event.column)
            var gesture: UserGesture?
            if target == .sheetTop {
                gesture = .swipeDown
            } else if canGoBack, frame.body.contains(event.row), event.column < Self.edgeColumns {
                gesture = .swipeBack
            }
            press = Press(
                row: event.row, column: event.column, target: target, gesture: gesture,
                turnsPages: gesture == nil && showsPages && frame.body.contains(event.row))
            return nil
        case .drag:
            if var held = press, held.turnsPages, !held.hasDragged, event.column != held.column {
                held.gesture = event.column < held.column ? .swipeToNextPage : .swipeToPreviousPage
                held.turnsPages = false
                press = held
            }
            guard var held = press, let gesture = held.gesture else { return nil }
            if held.hasDragged { return .moveSwipe(progress: progress(of: event, from: held, in: frame)) }
            // A swipe back begins once the pointer goes right; a swipe down once it goes down; a page turns as soon
            // as the pointer goes sideways.
            let isUnderWay: Bool
            switch gesture {
            case .swipeDown: isUnderWay = event.row > held.row
            case .swipeToNextPage, .swipeToPreviousPage: isUnderWay = true
            default: isUnderWay = event.column > held.column
            }
            guard isUnderWay else { return nil }
            held.hasDragged = true
            press = held
            return .beginSwipe(gesture, progress: progress(of: event, from: held, in: frame))
        case .release:
            defer { press = nil }
            guard let held = press else { return nil }
            if held.hasDragged {
                guard held.gesture != nil else { return nil }
                return .releaseSwipe(progress: progress(of: event, from: held, in: frame))
            }
            guard let target = held.target, frame.target(row: event.row, column: event.column) == target else {
                return nil
            }
            return .click(target)
        }
    }

    /// The swipe the pointer began was refused: the rest of the drag moves nothing, and its release is no click.
    mutating func swipeRefused() {
        press?.gesture = nil
        press?.hasDragged = true
    }

    /// How far a drag has come: for a swipe back, the column over the screen's width; for a swipe down, the rows
    /// moved over the rows from where it began to the bottom of the screen; for a page, the columns moved its way
    /// over the screen's width.
    private func progress(of event: PointerEvent, from press: Press, in frame: ScreenLayout.Frame) -> Double {
        let fraction: Double
        let width = Double(max(1, frame.contentColumns))
        switch press.gesture {
        case .swipeDown:
            let room = max(1, frame.body.upperBound - press.row)
            fraction = Double(event.row - press.row) / Double(room)
        case .swipeToNextPage:
            fraction = Double(press.column - event.column) / width
        case .swipeToPreviousPage:
            fraction = Double(event.column - press.column) / width
        default:
            fraction = Double(event.column) / width
        }
        return min(1, max(0, fraction))
    }
}
