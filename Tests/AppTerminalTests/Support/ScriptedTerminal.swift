import AppInterface
import AppStandIn
import Glibc
import TerminalTesting

@testable import AppTerminal

/// A terminal for the full screen's key loop in tests: it hands out the keys it was given, one per read, records
/// every frame drawn, and asks the loop to end (as `SIGTERM` would, or the signal it is given) once the keys have
/// run out. Its time passes only in its waits: a read that finds no key has waited its whole timeout, one that finds
/// a key no time at all.
/// A wait of one frame of an animation never counts as the wait for a key that ends the script.
@MainActor
final class ScriptedTerminal: TerminalDevice {
    var size: TerminalSize
    let reportsPointer: Bool
    private var keys: [EditingKey]
    /// Where the next key is in ``keys``: handing one out costs nothing, however many there are.
    private var nextKeyIndex = 0
    /// The signal the loop is asked to end by once the keys and idle reads have run out.
    private let endingSignal: Int32
    /// How many more waits for a key, once the keys have run out, end with no key before the loop is asked to end.
    private var idleReads: Int
    private var hasRunOut = false
    /// Every frame drawn, in order.
    private(set) var frames: [ScreenLayout.Frame] = []
    /// How many frames were drawn on a terminal cleared first (Ctrl-L's redraw).
    private(set) var clearedFrames = 0
    private(set) var isClosed = false
    /// When the terminal was created.
    let origin = ContinuousClock.now
    /// How much time its waits have taken.
    private(set) var elapsed: Duration = .zero
    /// The time since ``origin`` at which each frame was drawn, in the order of ``frames``.
    private(set) var frameTimes: [Duration] = []
    /// The sizes the terminal takes, in order, each as a resize key is read, as a window resized reports it.
    var sizesOnResize: [TerminalSize] = []
    /// Whether the keys after an Enter arrive with it, as the lines of a paste the terminal does not bracket do.
    /// Otherwise a person pressed it, and waits for what it does: a read that does not wait finds nothing after it.
    private let keysFollowEnter: Bool
    private var lastWasEnter = false
    /// Where in ``keys`` a new read begins, the keys from there on arriving later (a person who pressed them after
    /// looking): a read that does not wait finds nothing before them.
    private let readsBeginAt: Set<Int>

    init(
        keys: [EditingKey], size: TerminalSize = TerminalSize(columns: 80, rows: 24), reportsPointer: Bool = true,
        idleReads: Int = 0, endingSignal: Int32 = SIGTERM, keysFollowEnter: Bool = false, readsBeginAt: Set<Int> = []
    ) {
        self.keysFollowEnter = keysFollowEnter
        self.readsBeginAt = readsBeginAt
        self.keys = keys
        self.endingSignal = endingSignal
        self.idleReads = idleReads
        self.size = size
        self.reportsPointer = reportsPointer
    }

    var terminationSignal: Int32? { hasRunOut ? endingSignal : nil }

    var now: ContinuousClock.Instant { origin + elapsed }

    func draw(_ frame: ScreenLayout.Frame, clearingFirst: Bool) {
        frames.append(frame)
        if clearingFirst { clearedFrames += 1 }
        frameTimes.append(elapsed)
    }

    func readKey(timeout: Int32) -> EditingKey? {
        if lastWasEnter, !keysFollowEnter, timeout <= 0, nextKeyIndex < keys.count { return nil }
        if timeout <= 0, readsBeginAt.contains(nextKeyIndex) { return nil }
        guard nextKeyIndex < keys.count else {
            elapsed += .milliseconds(max(timeout, 0))
            if timeout > FullScreenSession.frameMilliseconds {
                if idleReads > 0 { idleReads -= 1 } else { hasRunOut = true }
            }
            return nil
        }
        let key = keys[nextKeyIndex]
        nextKeyIndex += 1
        lastWasEnter = key == .enter
        if key == .resize, !sizesOnResize.isEmpty { size = sizesOnResize.removeFirst() }
        return key
    }

    /// Why Ctrl-Z cannot suspend the app here, as where no shell with job control started it; `nil` when it can.
    var suspendRefusal: String?
    /// How many times the app was suspended and continued.
    private(set) var suspensions = 0

    func suspend() -> String? {
        if let suspendRefusal { return suspendRefusal }
        suspensions += 1
        return nil
    }

    func close() {
        isClosed = true
    }

    /// The last frame drawn, as text.
    var screen: [String] { frames.last?.text ?? [] }

    /// The cells of the last frame drawn.
    var cells: [[TerminalCell]] { frames.last?.rows ?? [] }
}

/// The keys that type `text`.
func typing(_ text: String) -> [EditingKey] {
    text.map(EditingKey.character)
}

extension StandInSession {
    /// Starts the app (unless a test started it) and runs the full screen over it with `keys` until they run out,
    /// then `idleReads` waits with no key; the terminal it drew on.
    @discardableResult
    func runFullScreen(
        _ keys: [EditingKey], showsIDs: Bool = false, size: TerminalSize = TerminalSize(columns: 80, rows: 24),
        idleReads: Int = 0, refreshInterval: Duration = .seconds(5)
    ) async -> ScriptedTerminal {
        await runFullScreen(
            on: ScriptedTerminal(keys: keys, size: size, idleReads: idleReads), showsIDs: showsIDs,
            refreshInterval: refreshInterval)
    }

    /// Starts the app (unless a test started it) and runs the full screen over it on `terminal` until its keys and
    /// idle reads run out, showing `notice` at the start as the start's note (where it put the person); the
    /// terminal.
    @discardableResult
    func runFullScreen(
        on terminal: ScriptedTerminal, showsIDs: Bool = false, refreshInterval: Duration = .seconds(5),
        notice: String? = nil
    ) async -> ScriptedTerminal {
        if starts.isEmpty { _ = start(restores: false, initialLink: nil) }
        let fullScreen = FullScreenSession(
            session: self, terminal: terminal, history: CommandHistory(directory: nil), showsIDs: showsIDs,
            refreshInterval: refreshInterval)
        _ = await fullScreen.run(linkFailure: nil, notice: notice, errorOutput: CapturedOutput())
        return terminal
    }
}

extension [[TerminalCell]] {
    /// The text of the cells drawn in `style`, row by row, each row's runs joined.
    func text(in style: CellStyle) -> [String] {
        map { row in row.filter { $0.style == style }.map(\.text).joined() }.filter { !$0.isEmpty }
    }
}
