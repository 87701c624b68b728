import Foundation

/// `swift run module-graph [--check] [--package-path DIR]`
///
/// Draws the package's module graph from the manifest as SwiftPM evaluates it (`swift package dump-package`)
/// into README.md as Mermaid, between its `module-graph` marker lines; with `--check`, changes nothing and fails
/// when the README's graph is out of date. Exit codes: see `ModuleGraphCommand`.
let thisPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let status = ModuleGraphCommand.run(
    Array(CommandLine.arguments.dropFirst()), defaultPackagePath: thisPackage,
    output: { print($0) },
    errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(status)
