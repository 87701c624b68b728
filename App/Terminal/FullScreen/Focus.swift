import AppInterface
import Core
import InputRules

/// Where the focus is among the controls of the screens on top (``AppInterface/ScreenSnapshot/controlsOnTop``):
/// moved by keys, kept on the same control while the window changes under it, and remembered for each screen, so
/// going back to a list finds the row that was left.
///
/// A pure value over snapshots: every rule is tested with a stand-in app and no terminal.
struct Focus: Equatable {
    /// A control as it is found again in a later snapshot: its screen and its field's or action's id.
    struct Key: Hashable {
        /// The screen that offers it.
        var screen: ObjectIdentifier
        /// The field's id, or `nil` for an action.
        var fieldID: String?
        /// The action's id, or `nil` for a field.
        var actionID: String?
    }

    /// The controls on top, in drawing order.
    private(set) var controls: [ScreenSnapshot.Control] = []
    /// Where in ``controls`` the focus is, or `nil` when there is nothing to focus, or when the focus is
    /// ``isPastLast``.
    private(set) var index: Int?
    /// Whether the focus is past the last control, on no control: where the last control was when it left its
    /// screen (a `Load more` gone once everything is loaded). Nothing is focused and nothing scrolls to the focus,
    /// so the person reads on where they were; moving up reaches the last control.
    private(set) var isPastLast = false
    /// The screen on top when the controls were read.
    private var topScreen: ObjectIdentifier?
    /// A screen's focus when it was last on top, and when: the later, the greater `order`.
    private struct Remembered: Equatable {
        let key: Key
        let order: Int
    }

    /// The focus each screen had when it was last on top.
    private var remembered: [ObjectIdentifier: Remembered] = [:]
    private var rememberCount = 0

    /// No controls, no focus.
    init() {}

    /// The focused control, if any.
    var focused: ScreenSnapshot.Control? { index.map { controls[$0] } }

    /// The focused control's key, to find it again in a later snapshot.
    var focusedKey: Key? { focused.map(Self.key(of:)) }

    /// The control focused, as the drawn screen marks it: a field by its id, an action by its number (the
    /// numbers ``ScreenLines`` gives, which count only the actions).
    var target: PointerTarget? {
        guard let index else { return nil }
        if case .field(let field) = controls[index].kind { return .field(id: field.id, isSecure: field.isSecure) }
        return .action(controls[...index].filter { !$0.isField }.count)
    }

    /// Reads the controls of `snapshot`: the focus stays on the same control if it is still there (or goes to the
    /// first of the controls that arrived just before it on the same screen, such as the rows `Load more` loaded),
    /// comes back to where it was on a screen shown again, stays at the same place on the same screen (past the
    /// last control when it was on the last one, which left: never up over the content to a control far from where
    /// the person was), or else goes to where a person starts (``startIndex(in:)``).
    mutating func follow(_ snapshot: ScreenSnapshot) {
        let focusedKey = index.map { Self.key(of: controls[$0]) }
        // Remembered for the screen that offers it: a list's row stays the list's when a post opens beside it.
        if let focusedKey {
            rememberCount += 1
            remembered[focusedKey.screen] = Remembered(key: focusedKey, order: rememberCount)
        }
        let top = snapshot.top?.identity
        let isSameScreen = top == topScreen
        // The place of a focus that left is kept only where it was on the screen still on top: a row of a list
        // beside a post gives no place among the post's controls once the post is shown alone.
        let keepsPlace = isSameScreen && (focusedKey == nil || focusedKey?.screen == top)
        let previous = index
        let wasPastLast = isPastLast
        let previousKeys = Set(controls.map(Self.key(of:)))
        isPastLast = false
        controls = snapshot.controlsOnTop
        topScreen = top
        // Only screens still in the window are remembered.
        let shown = Set(snapshot.levels.flatMap { Self.identities(of: $0.screen) })
        remembered = remembered.filter { shown.contains($0.key) }
        // A control still on top keeps the focus, even when another screen came on top beside it (a post opened
        // beside its list keeps the focus on the row that opened it).
        if let focusedKey, let found = controls.firstIndex(where: { Self.key(of: $0) == focusedKey }) {
            // Controls that arrived on its screen just before the focused one (the rows `Load more` loaded above
            // itself): the person reads on at the first of them, where they were, rather than following the control
            // down. Controls of another screen that came beside it (a list shown beside the post once the terminal
            // is wide) leave the focus where it is.
            if isSameScreen, let previous, previous < found, !controls[found].isField,
                controls[previous..<found].allSatisfy({
                    !previousKeys.contains(Self.key(of: $0)) && $0.screen.identity == focusedKey.screen
                })
            {
                index = previous
            } else {
                index = found
            }
        } else if !keepsPlace, let found = lastRememberedIndex() {
            // Back on screens shown before (a sheet closed, a post popped): the focus comes back to where it was
            // last among them, a button of the container as well as a row of the list it holds. On the same screen
            // it keeps its place instead, below.
            index = found
        } else if keepsPlace, let previous, previous < controls.count {
            index = previous
        } else if keepsPlace, previous != nil || wasPastLast, !controls.isEmpty {
            index = nil
            isPastLast = true
        } else {
            index = Self.startIndex(in: controls)
        }
    }

    /// Where in ``controls`` the focus remembered last is, among the screens' whose control is still there.
    private func lastRememberedIndex() -> Int? {
        var latest: (order: Int, index: Int)?
        for memory in remembered.values where memory.order > latest?.order ?? 0 {
            if let found = controls.firstIndex(where: { Self.key(of: $0) == memory.key }) {
                latest = (memory.order, found)
            }
        }
        return latest?.index
    }

    /// Where a person starts on a screen: the first empty field, blank as a form's check counts it (a log-in whose
    /// email was restored starts at the password), else the first field, else the first list row, else the first
    /// button that can be tapped, else the first control; `nil` when there is none.
    static func startIndex(in controls: [ScreenSnapshot.Control]) -> Int? {
        controls.firstIndex { control in
            if case .field(let field) = control.kind { InputText.isBlank(field.displayedValue) } else { false }
        }
            ?? controls.firstIndex(where: \.isField)
            ?? controls.firstIndex { if case .row = $0.kind { true } else { false } }
            ?? controls.firstIndex { if case .button(let button) = $0.kind { button.isEnabled } else { false } }
            ?? controls.indices.first
    }

    /// Moves the focus `delta` controls down (up when negative), stopping at the first and the last.
    mutating func move(by delta: Int) {
        guard !controls.isEmpty else { return }
        if isPastLast {
            guard delta < 0 else { return }
            isPastLast = false
            index = max(0, controls.count + delta)
            return
        }
        guard let index else {
            self.index = delta > 0 ? 0 : controls.count - 1
            return
        }
        self.index = min(max(0, index + delta), controls.count - 1)
    }

    /// Moves the focus to the first control, or the last.
    mutating func moveToEnd(last: Bool) {
        isPastLast = false
        index = last ? controls.indices.last : controls.indices.first
    }

    /// Moves the focus to the next field (the previous one when not `forward`), round to the first (the last);
    /// over every control in turn on a screen without fields.
    mutating func moveToField(forward: Bool) {
        isPastLast = false
        let fields = controls.indices.filter { controls[$0].isField }
        guard !fields.isEmpty else {
            guard !controls.isEmpty else { return }
            let current = index ?? (forward ? -1 : controls.count)
            index = (current + (forward ? 1 : -1) + controls.count) % controls.count
            return
        }
        guard let index else {
            self.index = forward ? fields.first : fields.last
            return
        }
        if forward {
            self.index = fields.first { $0 > index } ?? fields.first
        } else {
            self.index = fields.last { $0 < index } ?? fields.last
        }
    }

    /// Moves the focus to the control drawn with `target`, if there is one; whether it moved.
    @discardableResult
    mutating func focus(on target: PointerTarget) -> Bool {
        guard
            let found = controls.indices.first(where: { index in
                var probe = self
                probe.index = index
                return probe.target == target
            })
        else { return false }
        isPastLast = false
        index = found
        return true
    }

    /// What Enter in the focused field leads to: the next field, when another field comes before any action, or
    /// the first action after it (the form's button, which refuses with its reason while it cannot be tapped), or
    /// nothing.
    var afterField: AfterField {
        guard let index else { return .nothing }
        guard let next = controls.indices.first(where: { $0 > index }) else { return .nothing }
        return controls[next].isField ? .field(next) : .action(controls[next])
    }

    /// What Enter in a field leads to.
    enum AfterField: Equatable {
        /// The field at this index.
        case field(Int)
        /// This action.
        case action(ScreenSnapshot.Control)
        /// Nothing more.
        case nothing
    }

    /// Moves the focus to `index`, a place in ``controls``.
    mutating func focus(at index: Int) {
        guard controls.indices.contains(index) else { return }
        isPastLast = false
        self.index = index
    }

    private static func key(of control: ScreenSnapshot.Control) -> Key {
        Key(screen: control.screen.identity, fieldID: control.fieldID, actionID: control.actionID)
    }

    private static func identities(of screen: ScreenSnapshot.Screen) -> [ObjectIdentifier] {
        [screen.identity] + screen.children.flatMap(identities(of:))
    }
}

/// A field being typed into, in place: its draft, edited with the line editor's keys, sent to the app as one
/// `set` when the person leaves the field.
///
/// A plain field starts with its value; a secure field, whose value the app never shows, shows its dots, and
/// until something is typed it keeps the value it has: the first character typed starts a new value in their
/// place, and a deletion clears them all (the field is then set empty), so what the field shows is what it holds.
struct FieldDraft: Equatable {
    /// The field's id.
    let fieldID: String
    /// Whether it is drawn as dots.
    let isSecure: Bool
    /// Whether it takes several lines, typed with `\n` for each line break.
    let isMultiline: Bool
    private var editor = LineEditor()
    /// What the field showed when typing began.
    private let shownBefore: String

    /// A draft of `field`, as it shows now: a multi-line field's value as a `set` line types it, its line breaks as
    /// `\n` (``Command/multilineTyping(of:)``), since the draft is set as a `set` line's text.
    init(_ field: TextField) {
        fieldID = field.id
        isSecure = field.isSecure
        isMultiline = field.isMultiline
        let shown = field.isMultiline ? Command.multilineTyping(of: field.displayedValue) : field.displayedValue
        shownBefore = shown
        if !field.isSecure { editor.setText(shown) }
    }

    /// Whether anything was typed that changes the field.
    var isEdited: Bool { isSecure ? hasTyped : editor.text != shownBefore }
    private var hasTyped = false

    /// The text to set, or `nil` when the field keeps what it has.
    var valueToSet: String? { isEdited ? editor.text : nil }

    /// What the field shows while typed into: the text, or a dot for each character of a secure one.
    var shownText: String {
        guard isSecure else { return editor.text }
        return hasTyped ? String(repeating: "•", count: editor.characters.count) : shownBefore
    }

    /// Where the cursor is in ``shownText``, in characters.
    var cursor: Int { isSecure && !hasTyped ? shownBefore.count : editor.cursor }

    /// Whether the draft is empty.
    var isEmpty: Bool { shownText.isEmpty }

    /// Edits the draft with `key`; a character that would make it longer than a line is not taken, and then
    /// returns `false`.
    mutating func apply(_ key: EditingKey) -> Bool {
        if isSecure, !hasTyped, !shownBefore.isEmpty {
            switch key {
            case .backspace, .delete, .deleteWordBackward, .deleteToStart, .deleteToEnd:
                // The dots stand for a value the draft cannot read, so no part of it can be deleted: all of it is.
                hasTyped = true
                return true
            default:
                break
            }
        }
        if case .character(let character) = key, !editor.canInsert(String(character)) { return false }
        // Every edit changes the length in bytes (a mark joining a letter too), which costs nothing to compare:
        // comparing the text would cost its length at every key.
        let before = editor.byteCount
        editor.apply(key)
        if editor.byteCount != before { hasTyped = true }
        return true
    }

    /// Inserts pasted `text` at the cursor; `false` when it would make the draft longer than a line.
    mutating func insert(_ text: String) -> Bool {
        guard editor.insert(text) else { return false }
        if !text.isEmpty { hasTyped = true }
        return true
    }
}
