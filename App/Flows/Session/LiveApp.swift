package import AppInterface

/// The app composed from the features over the data in a folder, as the executable hands it to the terminal: the
/// one ``AppInterface/AppLauncher`` that opens real data.
@MainActor
package struct LiveApp: AppLauncher {
    /// The launcher of the live app.
    package init() {}

    package func playgroundRefusal(_ name: String) -> String? {
        FeaturePlayground.named(name) == nil ? FeaturePlayground.unknown(name).description : nil
    }

    package func holdsNoData(dataDirectory: String) -> Bool {
        AppLaunch.holdsNoData(dataDirectory: dataDirectory)
    }

    package func launch(_ request: LaunchRequest) throws -> LaunchedApp {
        let opening = try AppLaunch.open(
            dataDirectory: request.dataDirectory, playground: request.playground.flatMap(FeaturePlayground.named),
            fixedNow: request.fixedNow, movesCorruptDataAside: request.movesCorruptDataAside,
            checksData: request.checksData)
        return LaunchedApp(
            session: opening.session, movedAsidePaths: opening.movedAsidePaths, importedPaths: opening.importedPaths,
            seededDemoAccount: opening.seededDemoAccount,
            checkedDatabase: opening.checkedDatabase.map { ($0.path, $0.pageCount) })
    }
}
