import Foundation

/// `swift run explore [--depth N] [--states N] [--jobs N] …`: see `AppExploration`. One thread runs here, so the
/// explorer may fork: the levels are shared by one process per processor, up to 8, unless `--jobs` says otherwise.
let status = MainActor.assumeIsolated {
    AppExploration.run(
        Array(CommandLine.arguments.dropFirst()), mayFork: true,
        output: { print($0) },
        errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) })
}
exit(status)
