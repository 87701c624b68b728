import ArgumentParsing
import Foundation
import PackageReading

/// The `module-graph` command line: draws the module graph from the evaluated manifest into the README, or
/// checks that the README's graph is current.
///
/// Exit codes: 0 the graph was written, or is current; 1 `--check` found the README's graph out of date; 2 the
/// command could not run (the manifest cannot be evaluated, the README is unreadable or has no markers); 64
/// usage error.
enum ModuleGraphCommand {
    /// The graph was written, or is current.
    static let success: Int32 = 0
    /// `--check` found the graph out of date.
    static let stale: Int32 = 1
    /// The manifest or the README could not be read.
    static let failure: Int32 = 2
    /// The command line was malformed.
    static let usageError: Int32 = 64

    static let usage = """
        usage: swift run module-graph [--check] [--package-path DIR]
          --check             change nothing; exit 1 if README.md's module graph differs from the manifest's
          --package-path DIR  the package whose README.md to draw into (default: the package of the current
                              directory, the nearest folder at or above it with a Package.swift)
        exit codes: 0 written or current; 1 out of date (--check); 2 could not run; 64 usage error

        """

    private static let checkFlag = ArgumentParser.Option.flag("--check")
    private static let packagePathOption = ArgumentParser.Option.value("--package-path")
    static let parser = ArgumentParser(
        command: "module-graph", usage: usage, options: [checkFlag, packagePathOption])

    /// Runs the command with `arguments` (without the program's name) and returns the exit code. `graph` draws
    /// the graph of a package root (by default from its evaluated manifest).
    static func run(
        _ arguments: [String], defaultPackagePath: URL,
        graph: (URL) throws -> ModuleGraph = {
            ModuleGraph(manifest: try PackageManifest(packageRoot: $0, toolchain: .locate()))
        },
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        parser.run(arguments, output: output, errors: errors) { parsed in
            if let named = parsed.value(of: packagePathOption) {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: named, isDirectory: &isFolder), isFolder.boolValue else {
                    errors("module-graph: --package-path \(named) is not a folder")
                    return usageError
                }
            }
            return draw(
                check: parsed.contains(checkFlag),
                packagePath: parsed.value(of: packagePathOption).map { URL(fileURLWithPath: $0) } ?? defaultPackagePath,
                graph: graph, output: output, errors: errors)
        }
    }

    /// What the command says in a folder that holds no package.
    private static func noPackage(at packagePath: URL) -> String {
        "module-graph: no package at \(packagePath.path): it has no Package.swift; run it in a package's folder, or "
            + "name one with --package-path"
    }

    private static func draw(
        check: Bool, packagePath: URL, graph: (URL) throws -> ModuleGraph,
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let readme = packagePath.appendingPathComponent("README.md")
        let current: String
        let updated: String
        do {
            current = try String(contentsOf: readme, encoding: .utf8)
        } catch {
            if FileManager.default.fileExists(atPath: readme.path) {
                errors("module-graph: cannot read \(readme.path): \(error.localizedDescription)")
            } else if !FileManager.default.fileExists(atPath: packagePath.appendingPathComponent("Package.swift").path)
            {
                errors(noPackage(at: packagePath))
            } else {
                errors(
                    "module-graph: \(readme.path) does not exist; the graph is drawn into the package's README.md, "
                        + "between a line starting with `\(ReadmeSection.beginMarker)` and a line "
                        + "`\(ReadmeSection.endMarker)`")
            }
            return failure
        }
        do {
            updated = try ReadmeSection.replacing(in: current, with: ReadmeSection.content(for: try graph(packagePath)))
        } catch let problem as ReadmeSection.Problem {
            errors("module-graph: cannot draw the graph into \(readme.path): \(problem)")
            return failure
        } catch {
            errors(
                FileManager.default.fileExists(atPath: packagePath.appendingPathComponent("Package.swift").path)
                    ? "module-graph: \(error)" : noPackage(at: packagePath))
            return failure
        }
        if updated == current {
            output("module-graph: README.md's module graph is current")
            return success
        }
        if check {
            errors(
                "module-graph: README.md's module graph is out of date with Package.swift; run "
                    + "`swift run module-graph` and commit README.md")
            return stale
        }
        do {
            try Data(updated.utf8).write(to: readme, options: .atomic)
        } catch {
            errors("module-graph: cannot write \(readme.path): \(error.localizedDescription)")
            return failure
        }
        output("module-graph: rewrote the module graph in README.md")
        return success
    }
}
