import AppInterface
import Core

/// One line of the command language, shared by the interactive and the scripted mode.
enum Command: Equatable, Sendable {
    /// Performs an action by its id (`login`, `post.4`).
    case action(String)
    /// Performs the action with this number on the drawn screen (`3`).
    case actionNumber(Int)
    /// Types `text` (the rest of the line) into a field; `text` is `nil` when the line ends after the field,
    /// which, at a terminal, asks for a secure field's value without echo.
    case set(field: String, text: String?)
    /// The user's back gesture.
    case back
    /// The user's swipe down of a sheet.
    case dismiss
    /// The person's swipe, in one go, to the next page (`next`) or the previous one of the pages on top.
    case page(next: Bool)
    /// Begins an interactive swipe (back, down on a sheet, or to the next or the previous page) and holds it at
    /// `progress`, from 0 to 1.
    case swipe(UserGesture, progress: Double)
    /// Lets go of the held swipe: it finishes at 0.5 or more and cancels below.
    case release
    /// The person's tap on the tab with this id; the selected tab again pops its stack to the root.
    case tab(String)
    /// Opens a deep link.
    case open(String)
    /// Prints the navigation state as one line of JSON.
    case state
    /// Prints the coordinator tree beside the screen hierarchy.
    case tree
    /// Draws the screen: the line mode prints it; the full screen, which always shows it, draws it again.
    case screen
    /// Lists the commands.
    case help
    /// Ends the app.
    case quit

    /// The commands and what they do, for `help`.
    static let summary: [(usage: String, meaning: String)] = [
        ("<number> | <action id>", "tap an action of the screen, by its number or id"),
        ("set <field> <text>", "type text (the rest of the line) into a field; \\n is a new line in a multi-line one"),
        ("back", "go back (the back button / swipe back)"),
        ("dismiss", "swipe the sheet on top down"),
        ("page next|previous", "turn the pages on top to the next or previous page"),
        ("swipe <way> <progress>", "hold a swipe back, down, next or previous at 0 to 1"),
        ("release", "let go: finishes at 0.5 or more, else cancels"),
        ("tab <id>", "tap a tab; the selected one again goes back to its first screen"),
        ("open <url>", "open a deep link, e.g. app://feed/post/2"),
        ("state", "print the navigation state as one line of JSON"),
        ("tree", "print the coordinator tree and the screens"),
        ("screen", "draw the screen (the full screen, which always shows it, draws it again, as Ctrl-L)"),
        ("help", "list the commands"),
        ("quit", "leave the app"),
    ]

    /// Whether `scalar` separates words: a space or a tab.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// Parses one line. Returns `nil` for a line with nothing to do: blank, or a `#` comment.
    ///
    /// Words are split at spaces and tabs between Unicode scalars, not characters: a space followed by a mark
    /// that joins it (a combining accent, a zero-width joiner, a variation selector, a skin-tone modifier) forms
    /// one character, and that mark belongs to the text after the space.
    static func parse(_ line: String) throws(UserFacingError) -> Command? {
        let trimmed = line.unicodeScalars.drop(while: isSeparator)
        guard let first = trimmed.first, first != "#" else { return nil }
        let wordScalars = trimmed.prefix { !isSeparator($0) }
        let word = String(Substring(wordScalars))
        let rest = trimmed[wordScalars.endIndex...]
        let argument = String(Substring(rest.trimmingSeparators))
        switch word {
        case "set":
            let afterSet = rest.drop(while: isSeparator)
            let fieldScalars = afterSet.prefix { !isSeparator($0) }
            guard !fieldScalars.isEmpty else { throw UserFacingError(description: "usage: set <field> <text>") }
            let afterField = afterSet[fieldScalars.endIndex...]
            return .set(
                field: String(Substring(fieldScalars)),
                text: afterField.isEmpty ? nil : String(Substring(afterField.dropFirst())))
        case "open":
            guard !argument.isEmpty else { throw UserFacingError(description: "usage: open <url>") }
            return .open(argument)
        case "swipe":
            return try parseSwipe(argument)
        case "page":
            switch argument {
            case "next": return .page(next: true)
            case "previous": return .page(next: false)
            default: throw UserFacingError(description: "usage: page next|previous")
            }
        case "tab":
            guard !argument.isEmpty, !argument.unicodeScalars.contains(where: isSeparator) else {
                throw UserFacingError(description: "usage: tab <id>")
            }
            return .tab(argument)
        case "back", "dismiss", "release", "state", "tree", "screen", "help", "quit":
            guard argument.isEmpty else { throw UserFacingError(description: "'\(word)' takes no arguments") }
            return switch word {
            case "back": .back
            case "dismiss": .dismiss
            case "release": .release
            case "state": .state
            case "tree": .tree
            case "screen": .screen
            case "help": .help
            default: .quit
            }
        default:
            guard argument.isEmpty else {
                throw UserFacingError(description: "unknown command '\(TerminalText.quoted(word))' (type 'help')")
            }
            if word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                guard let number = Int(word) else {
                    throw UserFacingError(description: "no action \(word) on this screen")
                }
                return .actionNumber(number)
            }
            return .action(word)
        }
    }
}

extension Command {
    /// The field a `set` line types into and where its text lies in `line`, split exactly as ``parse(_:)`` splits
    /// it (separators before the command and runs of them between words); `nil` for any other line. The text's
    /// range is empty when the line ends after the field.
    static func setText(in line: String) -> (field: String, text: Range<String.Index>)? {
        let scalars = line.unicodeScalars
        var index = scalars.startIndex
        func skip(while condition: (Unicode.Scalar) -> Bool) -> Range<String.Index> {
            let start = index
            while index < scalars.endIndex, condition(scalars[index]) { index = scalars.index(after: index) }
            return start..<index
        }
        _ = skip(while: isSeparator)
        guard String(scalars[skip { !isSeparator($0) }]) == "set" else { return nil }
        _ = skip(while: isSeparator)
        let field = String(scalars[skip { !isSeparator($0) }])
        guard !field.isEmpty else { return nil }
        // One separator after the field belongs to no word; the text is the rest of the line.
        let textStart = index < scalars.endIndex ? scalars.index(after: index) : index
        return (field, textStart..<line.endIndex)
    }

    /// The text a `set` line types into a multi-line field: `\n` in `typed` is a line break and `\\` a backslash;
    /// any other backslash is kept as typed. A line of the command language holds no line break, so this is how a
    /// line types one; other fields take the line's text as it is.
    static func multilineText(_ typed: String) -> String {
        guard typed.contains("\\") else { return typed }
        var text = ""
        var characters = typed.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                text.append(character)
                continue
            }
            switch characters.next() {
            case "n": text.append("\n")
            case "\\": text.append("\\")
            case let other?: text += "\\" + String(other)
            case nil: text.append("\\")
            }
        }
        return text
    }

    /// `value` as a `set` line types it into a multi-line field: the inverse of ``multilineText(_:)``.
    static func multilineTyping(of value: String) -> String {
        var typing = ""
        for character in value {
            switch character {
            case "\\": typing += "\\\\"
            case "\n": typing += "\\n"
            default: typing.append(character)
            }
        }
        return typing
    }

    /// The commands allowed while a swipe is held: the ones that only look, and `release`.
    var isAllowedWhileGestureIsHeld: Bool {
        switch self {
        case .state, .tree, .screen, .help, .release: true
        default: false
        }
    }

    /// Parses the words after `swipe`: `back`, `down`, `next` or `previous`, then a progress from 0 to 1.
    private static func parseSwipe(_ argument: String) throws(UserFacingError) -> Command {
        let usage = UserFacingError(description: "usage: swipe back|down|next|previous <progress from 0 to 1>")
        let words = argument.unicodeScalars.split(whereSeparator: isSeparator).map { String(Substring($0)) }
        guard words.count == 2 else { throw usage }
        let gesture: UserGesture
        switch words[0] {
        case "back": gesture = .swipeBack
        case "down": gesture = .swipeDown
        case "next": gesture = .swipeToNextPage
        case "previous": gesture = .swipeToPreviousPage
        default: throw usage
        }
        guard let progress = Double(words[1]), progress.isFinite, (0...1).contains(progress) else {
            throw UserFacingError(
                description: "a swipe's progress is a number from 0 to 1, not '\(TerminalText.quoted(words[1]))'")
        }
        return .swipe(gesture, progress: progress)
    }
}

extension Substring.UnicodeScalarView {
    /// The scalars without leading and trailing spaces and tabs.
    fileprivate var trimmingSeparators: Substring.UnicodeScalarView {
        var scalars = drop(while: Command.isSeparator)
        while let last = scalars.last, Command.isSeparator(last) { scalars.removeLast() }
        return scalars
    }
}
