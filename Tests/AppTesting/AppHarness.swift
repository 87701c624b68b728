package import AppData
package import AppFlows
package import AppInterface
package import AppTerminal
package import Foundation

/// Input for the app from a fixed sequence of bytes, read in small chunks so line splitting across reads is
/// exercised too.
package final class ScriptedInput: AppMain.ByteInput {
    private var bytes: [UInt8]
    private var position = 0
    private let chunkSize: Int
    package let isTerminal: Bool
    package private(set) var echoChanges: [Bool] = []

    package init(bytes: [UInt8], isTerminal: Bool = false, chunkSize: Int = 7) {
        self.bytes = bytes
        self.isTerminal = isTerminal
        self.chunkSize = chunkSize
    }

    package convenience init(_ text: String, isTerminal: Bool = false) {
        self.init(bytes: Array(text.utf8), isTerminal: isTerminal)
    }

    package func read(maximumCount: Int) -> [UInt8] {
        let count = min(maximumCount, chunkSize, bytes.count - position)
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    package func setEcho(_ isOn: Bool) {
        echoChanges.append(isOn)
    }
}

/// Output captured in memory.
package final class CapturedOutput: AppMain.TextOutput {
    package let isTerminal: Bool
    package private(set) var text = ""

    package init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    package func write(_ text: String) {
        self.text += text
    }
}

/// What one run of the app produced.
package struct AppRun {
    package let status: Int32
    package let output: String
    package let error: String

    /// The output's lines, without their newlines, empty ones included: split once, by bytes, since a run's
    /// output is read line by line many times over.
    package let lines: [Substring]

    /// The run that ended with `status` after writing `output` and `error`.
    package init(status: Int32, output: String, error: String) {
        self.status = status
        self.output = output
        self.error = error
        lines = output.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Substring($0)
        }
    }

    /// The indices in ``lines`` of the lines `state` printed: the output's only lines that begin with `{`.
    package var stateLines: [Int] {
        lines.indices.filter { lines[$0].utf8.first == UInt8(ascii: "{") }
    }

    /// Every `state` line printed, parsed.
    package var states: [AppState] {
        stateLines.compactMap { AppState(json: String(lines[$0])) }
    }

    /// The last `state` printed.
    package var lastState: AppState? {
        stateLines.reversed().lazy.compactMap { AppState(json: String(lines[$0])) }.first
    }
}

/// One `state` line, parsed with JSONSerialization.
package struct AppState: Equatable {
    package let loggedIn: Bool
    package let user: String?
    package let top: String?
    package let navigation: [String]
    package let presented: [String]
    package let coordinators: CoordinatorNode
    package let error: String?
    /// The tab bar on top, or `nil` when none is (`"tabs": null`).
    package let tabs: Tabs?

    /// The `tabs` of `state`: the tab ids in order, the selected one and the badges.
    package struct Tabs: Equatable {
        package let items: [String]
        package let selected: String?
        package let badges: [String: Int]

        package init(items: [String], selected: String?, badges: [String: Int] = [:]) {
            self.items = items
            self.selected = selected
            self.badges = badges
        }
    }

    package init?(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let loggedIn = object["loggedIn"] as? Bool,
            let navigation = object["navigation"] as? [String],
            let presented = object["presented"] as? [String],
            let tree = object["coordinators"] as? [String: Any],
            let coordinators = CoordinatorNode(tree)
        else { return nil }
        self.loggedIn = loggedIn
        self.user = object["user"] as? String
        self.top = object["top"] as? String
        self.navigation = navigation
        self.presented = presented
        self.coordinators = coordinators
        self.error = object["error"] as? String
        guard object.keys.contains("tabs") else { return nil }
        if let tabs = object["tabs"] as? [String: Any] {
            guard let items = tabs["items"] as? [String], let badges = tabs["badges"] as? [String: Int] else {
                return nil
            }
            self.tabs = Tabs(items: items, selected: tabs["selected"] as? String, badges: badges)
        } else {
            self.tabs = nil
        }
    }
}

/// A node of the `coordinators` tree of `state`.
package struct CoordinatorNode: Equatable {
    package let name: String
    package let children: [CoordinatorNode]

    package init(_ name: String, _ children: [CoordinatorNode] = []) {
        self.name = name
        self.children = children
    }

    package init?(_ object: [String: Any]) {
        guard let name = object["name"] as? String, let children = object["children"] as? [[String: Any]] else {
            return nil
        }
        let nodes = children.compactMap(CoordinatorNode.init)
        guard nodes.count == children.count else { return nil }
        self.init(name, nodes)
    }

    /// The names of the root's direct children.
    package var childNames: [String] { children.map(\.name) }

    /// Every name in the tree, depth first.
    package var allNames: [String] { [name] + children.flatMap(\.allNames) }
}

/// The app run on a temporary data directory (the directory is the data tests' own, from DataTesting).
extension TemporaryDataDirectory {
    /// Runs the app on this directory with `script` as its input.
    @MainActor
    package func run(
        _ script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        interactive: Bool = false
    ) async -> AppRun {
        await run(bytes: Array(script.utf8), arguments: arguments, environment: environment, interactive: interactive)
    }

    /// Runs the app on this directory with `bytes` as its input.
    @MainActor
    package func run(
        bytes: [UInt8],
        arguments: [String] = [],
        environment: [String: String] = [:],
        interactive: Bool = false
    ) async -> AppRun {
        let input = ScriptedInput(
            bytes: bytes, isTerminal: interactive, chunkSize: bytes.count > 65_536 ? 65_536 : 7)
        return await AppHarness.run(
            input: input, arguments: ["--data-dir", path] + arguments, environment: environment,
            terminalOutput: interactive)
    }
}

/// The app's data in memory for one test: every run composes the whole app over the same in-memory data
/// (``AppData/InMemoryDataStore``, holding what a first run holds), so a run after another is a restart, with no
/// database, no data directory and no process.
@MainActor
package final class InMemoryData {
    /// The data, for what a test reads or changes directly (the saved record, an account's tour).
    package let store = InMemoryDataStore.firstRun(now: { AppHarness.fixedNow })

    package init() {}

    /// Runs the app over this data with `script` as its input.
    package func run(
        _ script: String, arguments: [String] = [], environment: [String: String] = [:], interactive: Bool = false
    ) async -> AppRun {
        await run(bytes: Array(script.utf8), arguments: arguments, environment: environment, interactive: interactive)
    }

    /// The whole app composed over this data, not started, as a restart would build it.
    package func compose() throws -> CompositionRoot {
        try AppLaunch.compose(over: store, clock: AppClock(fixedNow: AppHarness.fixedNow)).root
    }

    /// Runs the app over this data with `input` as its input.
    package func run(input: any AppMain.ByteInput, arguments: [String] = []) async -> AppRun {
        await AppHarness.run(app: InMemoryApp(data: store), input: input, arguments: arguments)
    }

    /// Runs the app over this data with `bytes` as its input.
    package func run(
        bytes: [UInt8], arguments: [String] = [], environment: [String: String] = [:], interactive: Bool = false
    ) async -> AppRun {
        let input = ScriptedInput(bytes: bytes, isTerminal: interactive, chunkSize: bytes.count > 65_536 ? 65_536 : 7)
        return await AppHarness.run(
            app: InMemoryApp(data: store), input: input, arguments: arguments, environment: environment,
            terminalOutput: interactive)
    }
}

/// Runs the app in process, through its public entry point.
package enum AppHarness {
    /// The fixed time scripted runs use, so relative times are deterministic.
    package static let now = "2026-01-01T12:00:00Z"
    /// ``now`` as a date.
    package static let fixedNow = Date(timeIntervalSince1970: 1_767_268_800)

    /// Runs `app` with `input`, `arguments` and `environment`, at ``now``: by default the live app, hashing new
    /// passwords at the minimal cost (the same code, a millisecond instead of twenty on the main actor; what the
    /// app stores is the data room's tests' subject).
    @MainActor
    package static func run(
        app: any AppLauncher = LiveApp(passwordCost: .minimal),
        input: any AppMain.ByteInput,
        arguments: [String],
        environment: [String: String] = [:],
        terminalOutput: Bool = false
    ) async -> AppRun {
        let output = CapturedOutput(isTerminal: terminalOutput)
        let error = CapturedOutput(isTerminal: terminalOutput)
        var fullEnvironment = ["APP_NOW": now, "HOME": "/nonexistent-home-for-tests"]
        fullEnvironment.merge(environment) { $1 }
        let status = await AppMain.run(
            app: app, arguments: arguments, environment: fullEnvironment, input: input, output: output,
            error: error)
        return AppRun(status: status, output: output.text, error: error.text)
    }

    /// Signs up `name` (`<name>@example.com`) from the login screen; the tour shows next.
    package static func signUp(_ name: String) -> String {
        """
        signup
        set email \(name.lowercased())@example.com
        next
        set password \(name.lowercased())-password
        set confirmation \(name.lowercased())-password
        next
        set displayName \(name)
        create

        """
    }

    /// What `--no-restore` says on the error output when a place other than the first screen was saved.
    package static let placeKeptNotice =
        "app: starting at the first screen: where you left (and any draft there) stays saved until you move\n"

    /// Commands that log out from wherever Main shows: the log-out lives on the Profile tab.
    package static let logOut = """
        tab profile
        logout

        """

    /// Commands that log the demo account in.
    package static let demoLogin = """
        set email demo@example.com
        set password demo-password
        login

        """
}

/// Input that hands the app one line per read and runs an action before a given line is read, to change the
/// world between two commands (the app reads a line only after the previous one ran).
package final class LineByLineInput: AppMain.ByteInput {
    private let lines: [String]
    private var nextIndex = 0
    private let beforeLine: [Int: () -> Void]

    /// `beforeLine` maps a 1-based line number to what to do just before the app reads it.
    package init(_ lines: [String], beforeLine: [Int: () -> Void]) {
        self.lines = lines
        self.beforeLine = beforeLine
    }

    package var isTerminal: Bool { false }

    package func read(maximumCount: Int) -> [UInt8] {
        guard nextIndex < lines.count else { return [] }
        beforeLine[nextIndex + 1]?()
        defer { nextIndex += 1 }
        return Array((lines[nextIndex] + "\n").utf8)
    }

    package func setEcho(_ isOn: Bool) {}
}

/// A terminal as a person types at it: each read returns the next chunk; an empty chunk is Ctrl-D, which ends
/// the input once while the terminal stays open. After the last chunk the terminal is gone (every read is empty).
package final class TerminalKeystrokes: AppMain.ByteInput {
    private var chunks: [String]
    package private(set) var echoChanges: [Bool] = []

    package init(_ chunks: [String]) {
        self.chunks = chunks
    }

    package var isTerminal: Bool { true }

    package func read(maximumCount: Int) -> [UInt8] {
        guard !chunks.isEmpty else { return [] }
        return Array(chunks.removeFirst().utf8)
    }

    package func setEcho(_ isOn: Bool) {
        echoChanges.append(isOn)
    }
}
