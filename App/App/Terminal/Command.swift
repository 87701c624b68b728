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
    /// Opens a deep link.
    case open(String)
    /// Prints the navigation state as one line of JSON.
    case state
    /// Prints the coordinator tree beside the screen hierarchy.
    case tree
    /// Draws the screen.
    case screen
    /// Lists the commands.
    case help
    /// Ends the app.
    case quit

    /// Why a line is not a command.
    struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong.
        let description: String
    }

    /// The commands and what they do, for `help`.
    static let summary: [(usage: String, meaning: String)] = [
        ("<number> | <action id>", "tap an action of the screen, by its number or id"),
        ("set <field> <text>", "type text (the rest of the line) into a field"),
        ("back", "go back (the back button / swipe back)"),
        ("dismiss", "swipe the sheet on top down"),
        ("open <url>", "open a deep link, e.g. app://feed/post/2"),
        ("state", "print the navigation state as one line of JSON"),
        ("tree", "print the coordinator tree beside the screen hierarchy"),
        ("screen", "draw the screen"),
        ("help", "list the commands"),
        ("quit", "leave the app"),
    ]

    /// Parses one line. Returns `nil` for a line with nothing to do: blank, or a `#` comment.
    static func parse(_ line: String) throws(ParseError) -> Command? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == " " || $0 == "\t" }), trimmed.first != "#" else {
            return nil
        }
        let word = String(trimmed.prefix { $0 != " " && $0 != "\t" })
        let rest = trimmed.dropFirst(word.count)
        let argument = rest.trimmingSpaces()
        switch word {
        case "set":
            let afterSet = rest.drop { $0 == " " || $0 == "\t" }
            let field = String(afterSet.prefix { $0 != " " && $0 != "\t" })
            guard !field.isEmpty else { throw ParseError(description: "usage: set <field> <text>") }
            let afterField = afterSet.dropFirst(field.count)
            return .set(field: field, text: afterField.isEmpty ? nil : String(afterField.dropFirst()))
        case "open":
            guard !argument.isEmpty else { throw ParseError(description: "usage: open <url>") }
            return .open(argument)
        case "back", "dismiss", "state", "tree", "screen", "help", "quit":
            guard argument.isEmpty else { throw ParseError(description: "'\(word)' takes no arguments") }
            return switch word {
            case "back": .back
            case "dismiss": .dismiss
            case "state": .state
            case "tree": .tree
            case "screen": .screen
            case "help": .help
            default: .quit
            }
        default:
            guard argument.isEmpty else {
                throw ParseError(description: "unknown command '\(TerminalText.quoted(word))' (type 'help')")
            }
            if word.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                guard let number = Int(word) else { throw ParseError(description: "no action \(word) on this screen") }
                return .actionNumber(number)
            }
            return .action(word)
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
