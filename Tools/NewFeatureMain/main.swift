import Foundation
import NewFeature
import PackageReading

/// `swift run new-feature <Name> [--package-path DIR]`
///
/// Creates the feature module `<Name>Feature` (builder roles, an internal coordinator and screen), its test
/// target with a passing test, its targets in Package.swift, its rules and baseline, and a compile probe; then
/// prints what to wire in the app. Refuses an invalid or existing name and changes nothing. Exit codes: see
/// `NewFeatureCommand`.
/// Works on the package of the current directory (the nearest folder at or above it with a `Package.swift`) unless
/// `--package-path` names another, as `swift package`, `git` and `affected-tests` do: a built `new-feature` run in
/// another checkout, or in a folder inside it, adds to that checkout.
let current = PackageLocation.currentDirectory()
exit(
    NewFeatureCommand.run(
        Array(CommandLine.arguments.dropFirst()),
        defaultPackagePath: PackageLocation.enclosingPackage(of: current) ?? current))
