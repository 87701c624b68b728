import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory update-boundary-baselines [--verbose]`: `boundary-check
/// --update-baselines` on the package the command is invoked in, for an intended change of a public surface.
///
/// It builds the package's library modules and their symbol graphs as `check-boundaries` does, rewrites
/// `Tools/Baselines/<Module>.txt` from them, prints the files it changed, then checks every other boundary. It
/// writes to the package, so it declares that permission: SwiftPM asks for it, or takes
/// `--allow-writing-to-package-directory`. `--package-path`, `--modules` and `--symbol-graphs` are refused as in
/// `check-boundaries`. It ends with the check's exit code (0 every boundary holds, 1 a violation, 2 the check
/// could not run, 64 usage error).
@main
struct UpdateBoundaryBaselinesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if let option = BoundaryCheckRun.refusedOption(in: arguments) {
            print(BoundaryCheckRun.refusal(of: option, verb: "update-boundary-baselines"))
            exit(64)
        }
        let status = try BoundaryCheckRun.run(
            context: context, packageManager: packageManager,
            arguments: ["--update-baselines"] + arguments.filter { $0 != "--update-baselines" })
        if status != 0 { exit(status) }
    }
}
