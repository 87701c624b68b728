import Foundation

/// What the command line and the environment ask for.
struct LaunchOptions: Equatable, Sendable {
    /// The data directory's path.
    var dataDirectory: String
    /// The script to run instead of reading commands from the input.
    var scriptPath: String?
    /// Whether a script goes on after a failing command (and still exits 1 at the end).
    var keepsGoing = false
    /// A deep link to open once the app has started.
    var initialLink: String?
    /// The feature to host alone in its playground (`--feature`), instead of the whole app.
    var playgroundFeature: String?
    /// Whether a corrupt data file is renamed aside instead of stopping the app.
    var movesCorruptDataAside = false
    /// Whether the app comes back where the person left it (not with `--no-restore`).
    var restores = true
    /// The clock's fixed time from `APP_NOW`, or `nil` for the real time.
    var fixedNow: Date?
    /// Whether `NO_COLOR` is set.
    var forbidsColour = false
    /// Whether only the usage was asked for.
    var showsUsage = false

    /// The usage text printed by `--help` and after a usage error.
    static let usage = """
        usage: app [--data-dir PATH] [--script FILE] [--keep-going] [--open URL] [--move-aside-corrupt-data]
               [--feature NAME] [--no-restore]

          --data-dir PATH             where accounts, the session and posts are kept
                                      (default: $APP_DATA_DIR, else $XDG_DATA_HOME/modular-coordinators,
                                      else ~/.local/share/modular-coordinators)
          --script FILE               run the commands in FILE, then exit (commands piped on stdin work too)
          --keep-going                in a script, go on after a failing command; exit 1 at the end
          --open URL                  open a deep link at start, e.g. app://feed/post/2
          --move-aside-corrupt-data   rename a corrupt data file to <name>.corrupt-<timestamp> and start fresh
          --feature NAME              host one feature (Login, SignUp, Feed, ...) alone over in-memory
                                      services, shown by a stand-in parent: push, sheet or embed chooses how
          --no-restore                start at the first screen instead of where you left
          --help                      print this help

        environment: APP_DATA_DIR, XDG_DATA_HOME, HOME, APP_NOW (fixed ISO-8601 time), NO_COLOR
        exit codes: 0 ok, 1 command or script error, 2 data error, 64 usage error

        """

    /// Reads `arguments` (without the program name) and `environment`; stops at `--help`, which needs neither
    /// the rest of the line nor a data directory.
    static func parse(arguments: [String], environment: [String: String]) throws(UserFacingError) -> LaunchOptions {
        var dataDirectoryFlag: String?
        var options = LaunchOptions(dataDirectory: "")
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, inlineValue) = split(argument)
            func value() throws(UserFacingError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else {
                    throw UserFacingError(description: "\(flag) needs a value")
                }
                return next
            }
            switch flag {
            case "--data-dir": dataDirectoryFlag = try value()
            case "--script": options.scriptPath = try value()
            case "--open": options.initialLink = try value()
            case "--feature": options.playgroundFeature = try value()
            case "--keep-going", "--move-aside-corrupt-data", "--no-restore", "--help", "-h":
                guard inlineValue == nil else { throw UserFacingError(description: "\(flag) takes no value") }
                switch flag {
                case "--keep-going": options.keepsGoing = true
                case "--no-restore": options.restores = false
                case "--move-aside-corrupt-data": options.movesCorruptDataAside = true
                default:
                    // The usage needs nothing else: return it before the environment is read, so `--help` works
                    // anywhere, even without HOME.
                    options.showsUsage = true
                    return options
                }
            default:
                throw UserFacingError(description: "unknown argument '\(TerminalText.quoted(argument))'")
            }
        }
        if let text = environment["APP_NOW"] {
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw UserFacingError(
                    description: "APP_NOW must be an ISO-8601 date such as 2026-01-01T12:00:00Z, not "
                        + "'\(TerminalText.quoted(text))'")
            }
            options.fixedNow = date
        }
        options.forbidsColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        guard let dataDirectory = dataDirectoryFlag ?? defaultDataDirectory(environment) else {
            // A playground keeps everything in memory.
            if options.playgroundFeature != nil { return options }
            throw UserFacingError(description: "no data directory: set HOME, XDG_DATA_HOME, APP_DATA_DIR or --data-dir")
        }
        guard !dataDirectory.isEmpty else { throw UserFacingError(description: "the data directory path is empty") }
        options.dataDirectory = dataDirectory
        return options
    }

    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func defaultDataDirectory(_ environment: [String: String]) -> String? {
        if let path = environment["APP_DATA_DIR"], !path.isEmpty { return path }
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return base + "/modular-coordinators"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/share/modular-coordinators"
    }
}
