import Foundation

/// `swift run explore [--depth N] [--states N]`: see `AppExploration`.
let status = MainActor.assumeIsolated {
    AppExploration.run(
        Array(CommandLine.arguments.dropFirst()),
        output: { print($0) },
        errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) })
}
exit(status)
