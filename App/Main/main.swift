import AppTerminal
import Foundation

let status = AppMain.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    input: AppMain.StandardInput(),
    output: AppMain.StandardOutput.output(),
    error: AppMain.StandardOutput.error())
exit(status)
