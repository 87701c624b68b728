import Foundation

/// `swift run new-feature <Name> [--package-path DIR]`
///
/// Creates the feature module `<Name>Feature` (builder roles, an internal coordinator and screen), its test
/// target with a passing test, its targets in Package.swift, its rules and baseline, and a compile probe; then
/// prints what to wire in the app. Refuses an invalid or existing name and changes nothing.
let usage = """
    usage: swift run new-feature <Name> [--package-path DIR]
      <Name>              the feature's name in UpperCamelCase without `Feature`, such as Profile
      --package-path DIR  the package to add it to (default: this package)
    """

var arguments = CommandLine.arguments.dropFirst()
var name: String?
var packagePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
while let argument = arguments.popFirst() {
    switch argument {
    case "--package-path":
        guard let value = arguments.popFirst() else {
            print(usage)
            exit(2)
        }
        packagePath = URL(fileURLWithPath: value)
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        guard name == nil, !argument.hasPrefix("-") else {
            print("new-feature: unexpected argument `\(argument)`\n\(usage)")
            exit(2)
        }
        name = argument
    }
}
guard let name else {
    print(usage)
    exit(2)
}

do {
    let scaffold = try FeatureScaffold(name: try FeatureName(name), packageRoot: packagePath)
    let created = try scaffold.apply()
    print(scaffold.report(created: created))
} catch {
    print("new-feature: \(error)")
    exit(1)
}
