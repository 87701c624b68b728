import AppInterface
import Core
import Glibc

/// Starts the app from the command line and runs its command loop, in the interactive or the scripted mode.
///
/// Interactive (input is a terminal, no `--script`): full screen (``FullScreenSession``) when standard input and
/// output are a terminal that terminfo knows and `TERM` is not `dumb`; otherwise the line mode, where the screen
/// is drawn after every command, with a prompt, colour unless `NO_COLOR` or `TERM=dumb`, errors shown and the loop
/// going on. Scripted (`--script FILE` or piped input):
/// nothing is drawn unless asked (`screen`, `state`, `tree`, `help`); the first failing command prints
/// `line N: <message>` on the error output and exits 1, or with `--keep-going` the script goes on and exits 1 at
/// the end.
@MainActor
final class AppRunner {
    private let environment: [String: String]
    private let input: any AppMain.ByteInput
    private let output: any AppMain.TextOutput
    private let errorOutput: any AppMain.TextOutput
    private let app: any AppLauncher

    /// Creates a runner of `app` over the given environment and streams.
    init(
        app: any AppLauncher,
        environment: [String: String],
        input: any AppMain.ByteInput,
        output: any AppMain.TextOutput,
        error: any AppMain.TextOutput
    ) {
        self.environment = environment
        self.input = input
        self.output = output
        self.errorOutput = error
        self.app = app
    }

    /// Runs the app and returns its exit code.
    func run(arguments: [String]) async -> Int32 {
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(arguments: arguments, environment: environment)
        } catch {
            return RunFailure.usage(String(describing: error)).report(to: errorOutput)
        }
        if options.showsUsage {
            output.write(LaunchOptions.usage)
            return ExitCode.success
        }
        if let feature = options.playgroundFeature, let refusal = app.playgroundRefusal(feature) {
            return RunFailure.usage(refusal).report(to: errorOutput)
        }
        if options.checksData, app.holdsNoData(dataDirectory: options.dataDirectory) {
            output.write(
                "app: there is no database in \(TerminalText.escaped(options.dataDirectory)) yet: nothing to check\n")
            return ExitCode.success
        }
        let isInteractive = options.scriptPath == nil && input.isTerminal
        // A script that cannot be read, or a malformed link it would stop at, ends the run before the data is
        // opened: a run refused for what it was given writes nothing, not even a first run's database.
        var commandInput = input
        if let scriptPath = options.scriptPath {
            do {
                commandInput = try FileInput(path: scriptPath)
            } catch {
                return RunFailure.unreadableScript(path: scriptPath, reason: String(describing: error))
                    .report(to: errorOutput)
            }
        }
        if !isInteractive, !options.checksData, let link = options.initialLink, let refusal = app.linkRefusal(link) {
            return RunFailure.link(refusal).report(to: errorOutput)
        }
        // Only the full screen draws transitions moving; the line mode and scripts stay instant.
        let animates = options.animates && isInteractive && fullScreenTerminalType != nil
        let session: any AppSession
        do {
            session = try prepare(options, animatesTransitions: animates)
        } catch let error as DataFailure {
            return RunFailure.data(error).report(to: errorOutput)
        } catch {
            return RunFailure.launch(String(describing: error)).report(to: errorOutput)
        }
        if options.checksData { return ExitCode.success }
        defer { session.stop() }
        // Where the person left, restored before the first screen is drawn; a record that no longer applies gives
        // one line.
        let restorationNotice: String?
        let linkFailure: String?
        switch await session.start(restores: options.restores, initialLink: options.initialLink) {
        case .failed(let message):
            return RunFailure.launch(message).report(to: errorOutput)
        case .stopped(let failure):
            return RunFailure.data(failure).report(to: errorOutput)
        case .started(let notice, let failure):
            restorationNotice = notice
            linkFailure = failure
        }
        if isInteractive,
            let terminal = fullScreenTerminal(colour: !options.forbidsColour, pointer: options.readsPointer)
        {
            let fullScreen = FullScreenSession(
                session: session, terminal: terminal,
                history: CommandHistory(
                    // A playground writes nothing in the data directory, its history neither.
                    directory: options.playgroundFeature == nil ? options.dataDirectory : nil),
                showsIDs: options.showsIDs)
            return await fullScreen.run(linkFailure: linkFailure, notice: restorationNotice, errorOutput: errorOutput)
        }
        // A terminal terminfo has no entry for, or only one that cannot draw a screen (a generic or printing one),
        // may be anything: it gets plain text, and the reason it got no full screen.
        let unknownType = isInteractive ? unknownTerminalType : nil
        if let unknownType {
            errorOutput.write(
                "app: terminfo has no screen terminal '\(TerminalText.escaped(unknownType))' (TERM): the line mode is "
                    + "used; with TERM naming one it has (xterm-256color, say) the app draws the full screen\n")
        }
        if let restorationNotice { errorOutput.write("app: \(TerminalText.escaped(restorationNotice))\n") }
        // A terminal that says it cannot do more than print (TERM=dumb) gets plain text.
        let allowsColour =
            isInteractive && !options.forbidsColour && environment["TERM"] != "dumb" && unknownType == nil
        let loop = CommandLoop(
            session: session,
            reader: LineReader(input: commandInput),
            input: commandInput,
            output: output,
            errorOutput: errorOutput,
            isInteractive: isInteractive,
            style: TextStyle(usesColour: allowsColour && output.isTerminal),
            errorStyle: TextStyle(usesColour: allowsColour && errorOutput.isTerminal),
            keepsGoing: options.keepsGoing)
        return await loop.run(linkFailure: linkFailure)
    }

    /// The full-screen terminal, when standard input and output are the process's terminal, `TERM` names a
    /// terminal that can do more than print and terminfo knows it; `nil` otherwise (the line mode is used).
    private func fullScreenTerminal(colour: Bool, pointer: Bool) -> NcursesTerminal? {
        guard let terminalType = fullScreenTerminalType else { return nil }
        return NcursesTerminal.open(terminalType: terminalType, usesColour: colour, readsPointer: pointer)
    }

    /// The terminal type the full screen would draw on, when standard input and output are the process's terminal
    /// and `TERM` names a terminal that can do more than print and terminfo knows it; `nil` otherwise.
    private var fullScreenTerminalType: String? {
        terminalEntry.flatMap { $0.drawsScreen ? $0.type : nil }
    }

    /// `TERM`, when standard input and output are the process's terminal and it names a terminal that can do more
    /// than print but terminfo has no entry for it that can draw a screen; `nil` otherwise.
    private var unknownTerminalType: String? {
        terminalEntry.flatMap { $0.drawsScreen ? nil : $0.type }
    }

    /// ``namedTerminalType`` and whether terminfo has an entry for it that can draw a screen, asked once.
    private lazy var terminalEntry: (type: String, drawsScreen: Bool)? = namedTerminalType.map {
        ($0, NcursesTerminal.knows(terminalType: $0))
    }

    /// `TERM`, when standard input and output are the process's terminal and it names a terminal that can do more
    /// than print (not empty, not `dumb`); `nil` otherwise.
    private var namedTerminalType: String? {
        guard input.fileDescriptor == STDIN_FILENO, output.fileDescriptor == STDOUT_FILENO,
            isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            let terminalType = environment["TERM"], !terminalType.isEmpty, terminalType != "dumb"
        else { return nil }
        return terminalType
    }

    /// Opens the data directory and its database, or the playground of `--feature`, through the launcher, tells
    /// what the opening did to the data files, and returns the session to drive: the terminal never holds the
    /// composition root. When `animatesTransitions`, the window's transitions take time, for the full screen.
    ///
    /// - Throws: ``DataFailure``, or the reason the demo account could not be seeded.
    private func prepare(_ options: LaunchOptions, animatesTransitions: Bool) throws -> any AppSession {
        let opening = try app.launch(
            LaunchRequest(
                dataDirectory: options.dataDirectory, playground: options.playgroundFeature,
                fixedNow: options.fixedNow, movesCorruptDataAside: options.movesCorruptDataAside,
                checksData: options.checksData,
                allowsUnsafeDataDirectory: options.allowsUnsafeDataDirectory, animatesTransitions: animatesTransitions))
        if let checked = opening.checkedDatabase {
            output.write(
                "app: the data file \(TerminalText.escaped(checked.path)) is sound: its schema, all of its "
                    + "\(checked.pageCount) pages and every index entry were checked\n")
        }
        for path in opening.movedAsidePaths {
            errorOutput.write("app: moved the unusable data file aside to \(TerminalText.escaped(path))\n")
        }
        if !opening.movedAsidePaths.isEmpty, let demoAccount = opening.seededDemoAccount {
            // The folder held other data: say that what is there now is a new start, not what was there.
            errorOutput.write(
                "app: started a new database with the demo account \(TerminalText.escaped(demoAccount)) and its posts\n"
            )
        }
        for path in opening.importedPaths {
            errorOutput.write(
                "app: imported the data file into the database and kept it as \(TerminalText.escaped(path))\n")
        }
        return opening.session
    }
}
