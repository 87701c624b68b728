/// The terminal the full screen draws on and reads keys from: ncurses at a real terminal
/// (``NcursesTerminal``), or a scripted stand-in in the tests, which drive the whole key loop with it.
@MainActor
protocol TerminalDevice: AnyObject {
    /// The terminal's size now.
    var size: TerminalSize { get }
    /// Whether the terminal reports the mouse to the app.
    var reportsPointer: Bool { get }
    /// The signal that asked the process to end, if one came.
    var terminationSignal: Int32? { get }
    /// Draws `frame` in place (everything again when `clearingFirst`).
    func draw(_ frame: ScreenLayout.Frame, clearingFirst: Bool)
    /// Waits up to `timeout` milliseconds for a key; `nil` when none came.
    func readKey(timeout: Int32) -> EditingKey?
    /// The time now, which only moves forward: what the full screen moves the window's clock on by while the
    /// screens move.
    var now: ContinuousClock.Instant { get }
    /// Gives the terminal back and stops the process, as a shell's job stopped by Ctrl-Z, and takes the terminal
    /// over again once the shell continues it (`fg`); why it cannot, with nothing done, where no shell would take
    /// the terminal back (``JobControl``).
    func suspend() -> String?
    /// Gives the terminal back; safe to call more than once.
    func close()
}

extension NcursesTerminal: TerminalDevice {
    /// The real time.
    var now: ContinuousClock.Instant { .now }
}

/// What a click on a part of the screen stands for.
enum PointerCommand: Equatable, Sendable {
    /// The command drawn there, carried out as if typed.
    case run(Command)
    /// The field drawn there: the focus goes to it and the keys type into it.
    case typeInto(PointerTarget)
    /// Nothing (a sheet's top border is taken hold of by a drag, not a click).
    case nothing

    /// What a click on `target` stands for.
    static func click(_ target: PointerTarget) -> PointerCommand {
        switch target {
        case .sheetTop: .nothing
        case .action(let number): .run(.actionNumber(number))
        case .back: .run(.back)
        case .tab(let id): .run(.tab(id))
        case .field: .typeInto(target)
        }
    }
}

/// A secure field's value asked for on the command line (`set password` with no text), drawn as dots.
struct SecretPrompt: Equatable {
    /// What the prompt asks for: the field's label.
    let label: String
    private var secret = LineEditor()

    /// What a key did to the prompt.
    enum Outcome: Equatable {
        /// It is still being typed.
        case typing
        /// Enter: the value.
        case entered(String)
        /// Esc, Ctrl-C or Ctrl-D: nothing is set.
        case cancelled
    }

    /// A prompt for the field labelled `label`.
    init(label: String) {
        self.label = label
    }

    /// Takes `key`.
    mutating func handle(_ key: EditingKey) -> Outcome {
        switch key {
        case .enter: return .entered(secret.text)
        case .escape, .interrupt, .endOfInput: return .cancelled
        case .up, .down, .tab, .backTab: return .typing
        case .paste(let text, _): secret.insert(EditingKey.oneLine(text))
        default: secret.apply(key)
        }
        return .typing
    }

    /// What the command line shows: a dot for each character, and the cursor among them.
    var shown: (text: String, cursor: Int) {
        (String(repeating: "•", count: secret.characters.count), secret.cursor)
    }
}

/// The answer to a yes-or-no question on the status line.
enum QuestionAnswer {
    /// What `key` answers: `true` for y, `nil` for what is no answer (a resize, the pointer, a paste), `false`
    /// for any other key.
    static func answer(_ key: EditingKey) -> Bool? {
        switch key {
        case .character("y"), .character("Y"): true
        case .resize, .pointer, .paste: nil
        default: false
        }
    }
}
