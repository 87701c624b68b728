import Foundation
import NewFeature

/// `swift run new-feature <Name> [--package-path DIR]`
///
/// Creates the feature module `<Name>Feature` (builder roles, an internal coordinator and screen), its test
/// target with a passing test, its targets in Package.swift, its rules and baseline, and a compile probe; then
/// prints what to wire in the app. Refuses an invalid or existing name and changes nothing. Exit codes: see
/// `NewFeatureCommand`.
let thisPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
exit(NewFeatureCommand.run(Array(CommandLine.arguments.dropFirst()), defaultPackagePath: thisPackage))
