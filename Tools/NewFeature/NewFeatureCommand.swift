import Foundation

/// The `new-feature` command line: reads the arguments, scaffolds the feature, and says how it went.
///
/// Exit codes: 0 created; 1 refused (an invalid name, a feature that exists, a package without the marker lines,
/// a file that cannot be written), and then nothing was changed; 64 usage error (a missing name, an unknown
/// option, an option without its value), the conventional code of `sysexits.h`.
enum NewFeatureCommand {
    /// The feature was created.
    static let success: Int32 = 0
    /// The scaffolder refused; nothing was changed.
    static let refused: Int32 = 1
    /// The command line was malformed.
    static let usageError: Int32 = 64

    static let usage = """
        usage: swift run new-feature <Name> [--package-path DIR]
          <Name>              the feature's name in UpperCamelCase without `Feature`, such as Profile
          --package-path DIR  the package to add it to (default: this package)
        exit codes: 0 created; 1 refused (invalid or existing name), nothing changed; 64 usage error
        """

    /// Runs the command with `arguments` (without the program's name); returns the exit code. What it prints
    /// for a person goes to `output`, refusals and usage errors to `errors`.
    static func run(
        _ arguments: [String], defaultPackagePath: URL, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        var remaining = arguments[...]
        var name: String?
        var packagePath = defaultPackagePath
        while let argument = remaining.popFirst() {
            switch argument {
            case "--package-path":
                guard let value = remaining.popFirst() else {
                    errors("new-feature: --package-path needs a directory\n\(usage)")
                    return usageError
                }
                packagePath = URL(fileURLWithPath: value)
            case "-h", "--help":
                output(usage)
                return success
            default:
                guard name == nil, !argument.hasPrefix("-") else {
                    errors("new-feature: unexpected argument `\(argument)`\n\(usage)")
                    return usageError
                }
                name = argument
            }
        }
        guard let name else {
            errors("new-feature: the feature's name is missing\n\(usage)")
            return usageError
        }
        do {
            let scaffold = try FeatureScaffold(name: try FeatureName(name), packageRoot: packagePath)
            let created = try scaffold.apply()
            output(scaffold.report(created: created))
            return success
        } catch {
            errors("new-feature: \(error)")
            return refused
        }
    }
}
