import Foundation

/// `swift run explore [--depth N] [--states N] [--jobs N]`: see `AppExploration`. Its worker processes run this
/// program again, found through `/proc/self/exe`.
let status = MainActor.assumeIsolated {
    AppExploration.run(
        Array(CommandLine.arguments.dropFirst()),
        executable: try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
        output: { print($0) },
        errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) })
}
exit(status)
