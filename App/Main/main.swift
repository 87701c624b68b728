import AppFlows
import AppTerminal
import FoundationEssentials
import Glibc

// The top of the graph: the terminal drives the app composed from the features over the data in a folder.
let status = await AppMain.run(
    app: LiveApp(),
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    input: AppMain.StandardInput(),
    output: AppMain.StandardOutput.output(),
    error: AppMain.StandardOutput.error())
exit(status)
