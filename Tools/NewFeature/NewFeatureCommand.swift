import ArgumentParsing
public import Foundation

/// The `new-feature` command line: reads the arguments, scaffolds the feature, and says how it went.
///
/// Exit codes: 0 created; 1 refused (an invalid name, a feature that exists, a package without the marker lines,
/// a file that cannot be written), and then nothing was changed; 64 usage error (a missing name, an unknown
/// option, an option without its value), the conventional code of `sysexits.h`.
public enum NewFeatureCommand {
    /// The feature was created.
    static let success: Int32 = 0
    /// The scaffolder refused; nothing was changed.
    static let refused: Int32 = 1
    /// The command line was malformed.
    static let usageError = ArgumentParser.usageErrorStatus

    static let usage = """
        usage: new-feature <Name> [--package-path DIR] [--core-package ID]
          <Name>              the feature's name in UpperCamelCase without `Feature`, such as Profile
          --package-path DIR  the package to add it to (default: this package)
          --core-package ID   the identity of the package dependency that provides Core and CoreTesting, for
                              a package without `// new-feature:` marker lines (the plugin passes it)
          --help              print this help
        exit codes: 0 created; 1 refused (invalid or existing name), nothing changed; 64 usage error
        """

    private static let packagePath = ArgumentParser.Option.value("--package-path")
    private static let corePackage = ArgumentParser.Option.value("--core-package")
    static let parser = ArgumentParser(
        command: "new-feature", usage: usage, options: [packagePath, corePackage], positionals: ["the feature's name"])

    /// Runs the command with `arguments` (without the program's name) on the package at `--package-path`, else
    /// `defaultPackagePath`, printing to standard output and standard error; returns the exit code.
    public static func run(_ arguments: [String], defaultPackagePath: URL) -> Int32 {
        run(
            arguments, defaultPackagePath: defaultPackagePath, output: { print($0) },
            errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// Runs the command with `arguments` (without the program's name); returns the exit code. What it prints
    /// for a person goes to `output`, refusals and usage errors to `errors`.
    static func run(
        _ arguments: [String], defaultPackagePath: URL, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        parser.run(arguments, output: output, errors: errors) { arguments in
            do {
                let scaffold = try FeatureScaffold(
                    name: try FeatureName(arguments.positionals[0]),
                    packageRoot: arguments.value(of: packagePath).map { URL(fileURLWithPath: $0) }
                        ?? defaultPackagePath,
                    corePackage: arguments.value(of: corePackage))
                let created = try scaffold.apply()
                output(scaffold.report(created: created))
                return success
            } catch {
                errors("new-feature: \(error)")
                return refused
            }
        }
    }
}
