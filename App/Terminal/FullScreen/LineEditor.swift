/// A key a person pressed, decoded from the terminal.
enum EditingKey: Equatable, Sendable {
    /// A character typed.
    case character(Character)
    case left, right, home, end, wordLeft, wordRight
    case backspace, delete, deleteWordBackward, deleteToStart, deleteToEnd
    case up, down, pageUp, pageDown, tab, enter
    /// Shift-Tab.
    case backTab
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-Z: suspend, as a shell's job.
    case suspend
    /// Ctrl-L: draw everything again.
    case redraw
    /// F2: show or hide the coordinator tree panel.
    case togglePanel
    /// Escape.
    case escape
    /// The terminal changed size.
    case resize
    /// Not a key: the pointer, where the terminal reports the mouse.
    case pointer(PointerEvent)
    /// Not a key: text pasted into a terminal that brackets pastes, as pasted, its line breaks as `\n`
    /// (``BracketedPaste/text(of:)``), and its length in bytes as pasted; in a field of one line each line break is a
    /// space (``oneLine(_:)``), and the command line takes one line of it (``BracketedPaste/commandLine(_:)``).
    case paste(String, bytes: Int)
}

/// The command line being edited: its text and cursor, moved and changed by keys, with the history it recalls.
///
/// Works on characters (grapheme clusters), so the cursor never lands inside an emoji or between a letter and its
/// accent. Words for the word jumps and Ctrl-W are runs of non-spaces.
struct LineEditor: Equatable, Sendable {
    /// The text, as characters.
    private(set) var characters: [Character] = []
    /// Where the cursor is, from 0 to `characters.count`.
    private(set) var cursor = 0
    /// Earlier lines, oldest first.
    private(set) var history: [String]
    /// Which history line Up/Down shows, `nil` while editing a new line.
    private var historyIndex: Int?
    /// The new line being edited when Up was first pressed, given back by Down.
    private var draft: [Character] = []
    /// The text's length in UTF-8 bytes, kept as the text changes so a check of the limit costs nothing.
    private(set) var byteCount = 0
    /// The longest text taken, in UTF-8 bytes: the line mode's limit (``LineReader/maximumLineBytes``).
    static let maximumBytes = LineReader.maximumLineBytes

    /// Creates an empty line over `history` (oldest first).
    init(history: [String] = []) {
        self.history = history
    }

    /// The text.
    var text: String { String(characters) }

    /// Replaces the text, with the cursor at its end.
    mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
        byteCount = text.utf8.count
    }

    /// Whether `text` can be inserted without making the line longer than ``maximumBytes``.
    func canInsert(_ text: String) -> Bool {
        byteCount + text.utf8.count <= Self.maximumBytes
    }

    /// Inserts `text` at the cursor in one step, in time linear in its length, and puts the cursor after it;
    /// returns `false` and changes nothing when the line would be longer than ``maximumBytes``.
    @discardableResult
    mutating func insert(_ text: String) -> Bool {
        guard canInsert(text) else { return false }
        let inserted = Array(text)
        guard let first = inserted.first else { return true }
        apply(.character(first))
        characters.insert(contentsOf: inserted.dropFirst(), at: cursor)
        cursor += inserted.count - 1
        byteCount = String(characters).utf8.count
        return true
    }

    private static func bytes(_ characters: some Collection<Character>) -> Int {
        characters.reduce(0) { $0 + $1.utf8.count }
    }

    /// Applies an editing key; returns whether it was one (keys such as Enter or Tab are the caller's).
    @discardableResult
    mutating func apply(_ key: EditingKey) -> Bool {
        switch key {
        case .character(let character):
            // A character that would make the line too long is not taken (the caller says why).
            guard canInsert(String(character)) else { return true }
            // A mark typed after a letter joins it, as it does on screen.
            if cursor > 0, case let joined = String(characters[cursor - 1]) + String(character), joined.count == 1 {
                byteCount += joined.utf8.count - characters[cursor - 1].utf8.count
                characters[cursor - 1] = Character(joined)
            } else {
                characters.insert(character, at: cursor)
                cursor += 1
                byteCount += character.utf8.count
            }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .backspace:
            guard cursor > 0 else { return true }
            byteCount -= characters.remove(at: cursor - 1).utf8.count
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            byteCount -= characters.remove(at: cursor).utf8.count
        case .deleteWordBackward:
            let start = wordStart(before: cursor)
            byteCount -= Self.bytes(characters[start..<cursor])
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteToStart:
            byteCount -= Self.bytes(characters[0..<cursor])
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            byteCount -= Self.bytes(characters[cursor...])
            characters.removeSubrange(cursor...)
        case .up: recall(older: true)
        case .down: recall(older: false)
        default: return false
        }
        return true
    }

    /// Ends the line: returns its text, keeps it in the history when `remembers` (and it is not blank or the same
    /// as the last one), and starts an empty line.
    mutating func submit(remembers: Bool) -> String {
        let line = text
        if remembers, line.contains(where: { !$0.isWhitespace }), history.last != line {
            history.append(line)
        }
        characters = []
        cursor = 0
        byteCount = 0
        historyIndex = nil
        draft = []
        return line
    }

    private mutating func recall(older: Bool) {
        guard !history.isEmpty else { return }
        let current = historyIndex ?? history.count
        let next = older ? max(0, current - 1) : current + 1
        if historyIndex == nil { draft = characters }
        if next >= history.count {
            historyIndex = nil
            characters = draft
        } else {
            historyIndex = next
            characters = Array(history[next])
        }
        cursor = characters.count
        byteCount = Self.bytes(characters)
    }

    private func wordStart(before index: Int) -> Int {
        var position = index
        while position > 0, characters[position - 1].isWhitespace { position -= 1 }
        while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
        return position
    }

    private func wordEnd(after index: Int) -> Int {
        var position = index
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        while position < characters.count, !characters[position].isWhitespace { position += 1 }
        return position
    }
}

/// Tab completion of the command line: the commands, the screen's action ids and field names (after `set`), and
/// deep links (after `open`).
enum Completion {
    /// What can be typed here.
    struct Vocabulary: Equatable, Sendable {
        /// The command words.
        var commands: [String]
        /// The ids of the actions on screen.
        var actions: [String]
        /// The ids of the fields on screen.
        var fields: [String]
        /// The deep links.
        var links: [String]
        /// The ids of the tabs of the tab bar on top, after `tab`.
        var tabs: [String] = []
    }

    /// What completing the word before the cursor gives.
    struct Result: Equatable, Sendable {
        /// The line's new text.
        var text: String
        /// The cursor in the new text, in characters.
        var cursor: Int
        /// Every candidate, when more than one fits (shown to the person).
        var candidates: [String]
    }

    /// Completes the word that ends at `cursor` in `text`, to the candidates' longest common prefix (and a space
    /// when only one fits); `nil` when nothing fits.
    static func complete(_ text: String, cursor: Int, vocabulary: Vocabulary) -> Result? {
        let characters = Array(text)
        let cursor = min(max(0, cursor), characters.count)
        var start = cursor
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        let word = String(characters[start..<cursor])
        let earlier: [String] = String(characters[..<start]).split(whereSeparator: { $0.isWhitespace }).map {
            String($0)
        }
        let pool: [String]
        if earlier.isEmpty {
            pool = vocabulary.commands + vocabulary.actions
        } else if earlier == ["set"] {
            pool = vocabulary.fields
        } else if earlier == ["open"] {
            pool = vocabulary.links
        } else if earlier == ["tab"] {
            pool = vocabulary.tabs
        } else {
            return nil
        }
        let candidates = Array(Set(pool.filter { $0.hasPrefix(word) })).sorted()
        guard let first = candidates.first else { return nil }
        var common = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(common) { common.removeLast() }
        }
        let suffix = candidates.count == 1 ? common + " " : common
        let completed = Array(suffix)
        let newText = String(characters[..<start]) + String(completed) + String(characters[cursor...])
        return Result(
            text: newText, cursor: start + completed.count, candidates: candidates.count > 1 ? candidates : [])
    }
}

extension EditingKey {
    /// Pasted `text` as one line, for the command line, a field of one line or a hidden prompt: each line break a
    /// space, as a paste the terminal does not bracket types it.
    static func oneLine(_ text: String) -> String {
        text.contains("\n") ? String(text.map { $0 == "\n" ? " " : $0 }) : text
    }
}
