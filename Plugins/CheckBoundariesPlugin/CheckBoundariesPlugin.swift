import Foundation
import PackagePlugin

/// `swift package check-boundaries [--verbose]`: the boundary check of `boundary-check`, on the package the command
/// is invoked in, whichever package that is (`swift package --package-path DIR check-boundaries` for another).
///
/// The plugin asks SwiftPM for the symbol graphs of the package's library modules (public and internal, through
/// `packageManager.getSymbolGraph`, which builds them first), then runs `boundary-check` on the package with
/// them and the modules SwiftPM built. The package's rules are `Tools/BoundaryRules.txt` (default rules where it
/// has none), its baselines `Tools/Baselines` (none until `swift package --allow-writing-to-package-directory
/// update-boundary-baselines` records them), its probes `Tools/Probes`. It reads and never writes, so it asks for
/// no permission; `--update-baselines`, `--package-path`, `--modules` and `--symbol-graphs` are refused with what
/// to run instead. The plugin ends with the check's exit code (0 every boundary holds, 1 a violation, 2 the check
/// could not run, 64 usage error), which SwiftPM names (`Plugin ended with exit code 2`) before it exits with 1.
@main
struct CheckBoundariesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains(where: { $0 == "--update-baselines" }) {
            print(
                "check-boundaries: --update-baselines writes Tools/Baselines, which a plugin may do only with your "
                    + "permission, so it has a command of its own: "
                    + "swift package --allow-writing-to-package-directory update-boundary-baselines")
            exit(64)
        }
        if let option = BoundaryCheckRun.refusedOption(in: arguments) {
            print(BoundaryCheckRun.refusal(of: option, verb: "check-boundaries"))
            exit(64)
        }
        let status = try BoundaryCheckRun.run(context: context, packageManager: packageManager, arguments: arguments)
        if status != 0 { exit(status) }
    }
}
