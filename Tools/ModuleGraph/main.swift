import Foundation
import PackageReading

/// `swift run module-graph [--check] [--package-path DIR]`
///
/// Draws the package's module graph from the manifest as SwiftPM evaluates it (`swift package dump-package`)
/// into README.md as Mermaid, between its `module-graph` marker lines; with `--check`, changes nothing and fails
/// when the README's graph is out of date. Works on the package of the current directory (the nearest folder at or
/// above it with a `Package.swift`, as `swift package` and `git` find theirs) unless `--package-path` names another.
/// Exit codes: see `ModuleGraphCommand`.
let current = PackageLocation.currentDirectory()
let status = ModuleGraphCommand.run(
    Array(CommandLine.arguments.dropFirst()),
    defaultPackagePath: PackageLocation.enclosingPackage(of: current) ?? current,
    output: { print($0) },
    errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(status)
