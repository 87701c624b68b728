import AppInterface
import ArgumentParsing
import FoundationEssentials

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
    /// Whether a corrupt data file is renamed aside instead of stopping the app.
    var movesCorruptDataAside = false
    /// Whether only a check of every page of the database was asked for (`--check-data`).
    var checksData = false
    /// Whether the app comes back where the person left it (not with `--no-restore`).
    var restores = true
    /// The clock's fixed time from `APP_NOW`, or `nil` for the real time.
    var fixedNow: Date?
    /// Whether `NO_COLOR` is set.
    var forbidsColour = false
    /// Whether only the usage was asked for.
    var showsUsage = false
    /// The feature to host alone in its playground (`--feature`), instead of the whole app.
    var playgroundFeature: String?
    /// Whether the full screen asks the terminal for the mouse (not with `--no-mouse`).
    var readsPointer = true
    /// Whether a data folder that is not the app's own is used anyway (`--allow-unsafe-data-dir`).
    var allowsUnsafeDataDirectory = false
    /// Whether the full screen draws ids and action numbers from the start, as the line mode does (`--ids`).
    var showsIDs = false
    /// Whether the full screen draws pushes, pops and sheets moving, frame by frame (not with `--no-animation`).
    var animates = true

    /// The usage text printed by `--help` and after a usage error.
    static let usage = """
        usage: app [--data-dir PATH] [--script FILE] [--keep-going] [--open URL] [--move-aside-corrupt-data]
               [--check-data] [--allow-unsafe-data-dir] [--feature NAME] [--no-restore] [--no-mouse] [--ids]
               [--no-animation]

          --data-dir PATH             where accounts, the session and posts are kept
                                      (default: $APP_DATA_DIR, else $XDG_DATA_HOME/modular-coordinators,
                                      else ~/.local/share/modular-coordinators)
          --script FILE               run the commands in FILE, then exit (commands piped on stdin work too)
          --keep-going                in a script, go on after a failing command; exit 1 at the end
          --open URL                  open a deep link at start, e.g. app://feed/post/2
          --move-aside-corrupt-data   rename a corrupt data file to <name>.corrupt-<timestamp> and start fresh
          --check-data                check every page, index entry and the schema, then exit
                                      (0 when sound, 2 when damaged)
          --allow-unsafe-data-dir     use a data folder another user owns or others may write to, or
                                      whose files are symbolic links (refused otherwise, exit 2)
          --feature NAME              host one feature (Login, SignUp, Feed, ...) alone over in-memory
                                      services, pushed by a stand-in parent; go back to it and tap push,
                                      sheet or embed to show the feature another way, or hide
          --no-restore                start at the first screen instead of where you left
          --no-mouse                  leave the mouse to the terminal (its own selection and scrolling);
                                      the full screen is then driven by keys alone
          --ids                       in the full screen, draw ids and action numbers as the line mode
                                      does (the i key shows or hides them)
          --no-animation              in the full screen, show pushes, pops and sheets at once instead
                                      of moving them for 200 ms (keys pressed meanwhile wait)
          --help                      print this help

        environment: APP_DATA_DIR, XDG_DATA_HOME, HOME, APP_NOW (fixed ISO-8601 time), NO_COLOR
        exit codes: 0 ok, 1 command or script error, 2 data error (nothing written), 64 usage error,
                    128+N ended by signal N (the terminal given back)

        """

    /// The command line's grammar; `--help` stops the parse wherever it stands.
    private static let dataDirectoryOption = ArgumentParser.Option.value("--data-dir")
    private static let scriptOption = ArgumentParser.Option.value("--script")
    private static let openOption = ArgumentParser.Option.value("--open")
    private static let keepGoingFlag = ArgumentParser.Option.flag("--keep-going")
    private static let moveAsideFlag = ArgumentParser.Option.flag("--move-aside-corrupt-data")
    private static let checkDataFlag = ArgumentParser.Option.flag("--check-data")
    private static let featureOption = ArgumentParser.Option.value("--feature")
    private static let noRestoreFlag = ArgumentParser.Option.flag("--no-restore")
    private static let noMouseFlag = ArgumentParser.Option.flag("--no-mouse")
    private static let allowUnsafeFlag = ArgumentParser.Option.flag("--allow-unsafe-data-dir")
    private static let idsFlag = ArgumentParser.Option.flag("--ids")
    private static let noAnimationFlag = ArgumentParser.Option.flag("--no-animation")
    static let parser = ArgumentParser(
        command: "app", usage: usage,
        options: [
            dataDirectoryOption, scriptOption, openOption, keepGoingFlag, moveAsideFlag, checkDataFlag, featureOption,
            noRestoreFlag, noMouseFlag, allowUnsafeFlag, idsFlag, noAnimationFlag,
        ])

    /// Reads `arguments` (without the program name) and `environment`; stops at `--help`, which needs neither
    /// the rest of the line nor a data directory.
    static func parse(arguments: [String], environment: [String: String]) throws(UserFacingError) -> LaunchOptions {
        let parsed: ArgumentParser.Arguments
        do {
            switch try parser.parse(arguments) {
            case .help:
                // The usage needs nothing else: return it before the environment is read, so `--help` works
                // anywhere, even without HOME.
                var options = LaunchOptions(dataDirectory: "")
                options.showsUsage = true
                return options
            case .run(let arguments): parsed = arguments
            }
        } catch {
            throw UserFacingError(description: error.description)
        }
        var options = LaunchOptions(dataDirectory: "")
        options.scriptPath = parsed.value(of: scriptOption)
        options.initialLink = parsed.value(of: openOption)
        options.keepsGoing = parsed.contains(keepGoingFlag)
        options.movesCorruptDataAside = parsed.contains(moveAsideFlag)
        options.checksData = parsed.contains(checkDataFlag)
        options.restores = !parsed.contains(noRestoreFlag)
        options.readsPointer = !parsed.contains(noMouseFlag)
        options.allowsUnsafeDataDirectory = parsed.contains(allowUnsafeFlag)
        options.showsIDs = parsed.contains(idsFlag)
        options.animates = !parsed.contains(noAnimationFlag)
        options.playgroundFeature = parsed.value(of: featureOption)
        if options.playgroundFeature != nil, options.checksData || options.movesCorruptDataAside {
            // A playground reads no data: a check or a move-aside would silently do nothing.
            let flag = options.checksData ? "--check-data" : "--move-aside-corrupt-data"
            throw UserFacingError(
                description: "\(flag) works on a data directory, and --feature reads none: use one or the other")
        }
        let dataDirectoryFlag = parsed.value(of: dataDirectoryOption)
        if let text = environment["APP_NOW"] {
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw UserFacingError(
                    description: "APP_NOW must be an ISO-8601 date such as 2026-01-01T12:00:00Z, not "
                        + "'\(TerminalText.quoted(text))'")
            }
            options.fixedNow = date
        }
        options.forbidsColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        var namedDirectory = dataDirectoryFlag
        if namedDirectory == nil { namedDirectory = try defaultDataDirectory(environment) }
        guard let dataDirectory = namedDirectory else {
            // A playground keeps everything in memory.
            if options.playgroundFeature != nil { return options }
            throw UserFacingError(description: "no data directory: set HOME, XDG_DATA_HOME, APP_DATA_DIR or --data-dir")
        }
        guard !dataDirectory.isEmpty else { throw UserFacingError(description: "the data directory path is empty") }
        options.dataDirectory = dataDirectory
        return options
    }

    /// The data directory the environment names, `nil` when it names none.
    ///
    /// - Throws: when `HOME` is a relative path: the data would land under whatever directory the app was started
    ///   in, a different place each time, so the app asks for an absolute one instead. (A relative
    ///   `XDG_DATA_HOME` is ignored, as the XDG base directory specification says.)
    private static func defaultDataDirectory(_ environment: [String: String]) throws(UserFacingError) -> String? {
        if let path = environment["APP_DATA_DIR"], !path.isEmpty { return path }
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return base + "/modular-coordinators"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        guard home.hasPrefix("/") else {
            throw UserFacingError(
                description: "HOME is not an absolute path ('\(TerminalText.quoted(home))'), so the data directory "
                    + "would depend on the current directory: set HOME to an absolute path, or use APP_DATA_DIR or "
                    + "--data-dir")
        }
        return home + "/.local/share/modular-coordinators"
    }
}
