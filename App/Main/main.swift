import AppFlows
import AppTerminal

// The top of the graph: the terminal drives the app composed from the features over the data in a folder.
await AppMain.runAsProcess(app: LiveApp())
