import App
import Foundation
import Testing

/// Input for the app from a fixed sequence of bytes, read in small chunks so line splitting across reads is
/// exercised too.
final class ScriptedInput: AppMain.ByteInput {
    private var bytes: [UInt8]
    private var position = 0
    private let chunkSize: Int
    let isTerminal: Bool
    private(set) var echoChanges: [Bool] = []

    init(bytes: [UInt8], isTerminal: Bool = false, chunkSize: Int = 7) {
        self.bytes = bytes
        self.isTerminal = isTerminal
        self.chunkSize = chunkSize
    }

    convenience init(_ text: String, isTerminal: Bool = false) {
        self.init(bytes: Array(text.utf8), isTerminal: isTerminal)
    }

    func read(maximumCount: Int) -> [UInt8] {
        let count = min(maximumCount, chunkSize, bytes.count - position)
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    func setEcho(_ isOn: Bool) {
        echoChanges.append(isOn)
    }
}

/// Output captured in memory.
final class CapturedOutput: AppMain.TextOutput {
    let isTerminal: Bool
    private(set) var text = ""

    init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    func write(_ text: String) {
        self.text += text
    }
}

/// What one run of the app produced.
struct AppRun {
    let status: Int32
    let output: String
    let error: String

    /// Every `state` line printed, parsed.
    var states: [AppState] {
        output.split(separator: "\n").filter { $0.hasPrefix("{") }.compactMap { AppState(json: String($0)) }
    }

    /// The last `state` printed.
    var lastState: AppState? { states.last }
}

/// One `state` line, parsed with JSONSerialization.
struct AppState: Equatable {
    let loggedIn: Bool
    let user: String?
    let top: String?
    let navigation: [String]
    let presented: [String]
    let coordinators: CoordinatorNode
    let error: String?

    init?(json: String) {
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
    }
}

/// A node of the `coordinators` tree of `state`.
struct CoordinatorNode: Equatable {
    let name: String
    let children: [CoordinatorNode]

    init(_ name: String, _ children: [CoordinatorNode] = []) {
        self.name = name
        self.children = children
    }

    init?(_ object: [String: Any]) {
        guard let name = object["name"] as? String, let children = object["children"] as? [[String: Any]] else {
            return nil
        }
        let nodes = children.compactMap(CoordinatorNode.init)
        guard nodes.count == children.count else { return nil }
        self.init(name, nodes)
    }

    /// The names of the root's direct children.
    var childNames: [String] { children.map(\.name) }

    /// Every name in the tree, depth first.
    var allNames: [String] { [name] + children.flatMap(\.allNames) }
}

/// A temporary data directory for one test, removed when the test ends.
final class TemporaryDataDirectory {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("app-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Every file in the directory (hidden ones too), with its bytes.
    func allFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: file(name)))
        }
        return files
    }

    /// Runs the app on this directory with `script` as its input.
    @MainActor
    func run(
        _ script: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        interactive: Bool = false
    ) -> AppRun {
        run(bytes: Array(script.utf8), arguments: arguments, environment: environment, interactive: interactive)
    }

    /// Runs the app on this directory with `bytes` as its input.
    @MainActor
    func run(
        bytes: [UInt8],
        arguments: [String] = [],
        environment: [String: String] = [:],
        interactive: Bool = false
    ) -> AppRun {
        let input = ScriptedInput(
            bytes: bytes, isTerminal: interactive, chunkSize: bytes.count > 65_536 ? 65_536 : 7)
        return AppHarness.run(
            input: input, arguments: ["--data-dir", path] + arguments, environment: environment,
            terminalOutput: interactive)
    }
}

/// Runs the app in process, through its public entry point.
enum AppHarness {
    /// The fixed time scripted runs use, so relative times are deterministic.
    static let now = "2026-01-01T12:00:00Z"

    @MainActor
    static func run(
        input: any AppMain.ByteInput,
        arguments: [String],
        environment: [String: String] = [:],
        terminalOutput: Bool = false
    ) -> AppRun {
        let output = CapturedOutput(isTerminal: terminalOutput)
        let error = CapturedOutput(isTerminal: terminalOutput)
        var fullEnvironment = ["APP_NOW": now, "HOME": "/nonexistent-home-for-tests"]
        fullEnvironment.merge(environment) { $1 }
        let status = AppMain.run(
            arguments: arguments, environment: fullEnvironment, input: input, output: output, error: error)
        return AppRun(status: status, output: output.text, error: error.text)
    }

    /// Commands that log the demo account in.
    static let demoLogin = """
        set email demo@example.com
        set password demo-password
        login

        """
}

/// Input that hands the app one line per read and runs an action before a given line is read, to change the
/// world between two commands (the app reads a line only after the previous one ran).
final class LineByLineInput: AppMain.ByteInput {
    private let lines: [String]
    private var nextIndex = 0
    private let beforeLine: [Int: () -> Void]

    /// `beforeLine` maps a 1-based line number to what to do just before the app reads it.
    init(_ lines: [String], beforeLine: [Int: () -> Void]) {
        self.lines = lines
        self.beforeLine = beforeLine
    }

    var isTerminal: Bool { false }

    func read(maximumCount: Int) -> [UInt8] {
        guard nextIndex < lines.count else { return [] }
        beforeLine[nextIndex + 1]?()
        defer { nextIndex += 1 }
        return Array((lines[nextIndex] + "\n").utf8)
    }

    func setEcho(_ isOn: Bool) {}
}
