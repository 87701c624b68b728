package import AppData
package import AppInterface
import FoundationEssentials
import Glibc

/// The app composed from the features over the data in a folder, as the executable hands it to the terminal: the
/// one ``AppInterface/AppLauncher`` that opens real data.
@MainActor
package struct LiveApp: AppLauncher {
    /// The cost of the hashes of new passwords: always the standard one in the app; the minimal one for tests that
    /// run the app in process only to get somewhere (see ``AppData/PasswordCost``).
    package let passwordCost: PasswordCost

    /// The launcher of the live app, hashing new passwords at `passwordCost`.
    package init(passwordCost: PasswordCost = .standard) {
        self.passwordCost = passwordCost
    }

    package func playgroundRefusal(_ name: String) -> String? {
        FeaturePlayground.refusal(name)
    }

    package func holdsNoData(dataDirectory: String) -> Bool {
        AppLaunch.holdsNoData(dataDirectory: dataDirectory)
    }

    package func linkRefusal(_ link: String) -> String? { AppLaunch.linkRefusal(link) }

    package func launch(_ request: LaunchRequest) throws -> LaunchedApp {
        var playground: FeaturePlayground?
        if let name = request.playground {
            // An unknown name is refused, never taken for no playground, which would open the real data.
            guard let named = FeaturePlayground.named(name) else { throw FeaturePlayground.unknown(name) }
            playground = named
        }
        let opening = try AppLaunch.open(
            dataDirectory: request.dataDirectory, playground: playground,
            fixedNow: request.fixedNow, movesCorruptDataAside: request.movesCorruptDataAside,
            checksData: request.checksData, allowsUnsafeDataDirectory: request.allowsUnsafeDataDirectory,
            animatesTransitions: request.animatesTransitions, passwordCost: passwordCost)
        let session = opening.session
        #if DEBUG
            session.reportLeaks { line in
                let text = line + "\n"
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
        #endif
        return LaunchedApp(
            session: session, movedAsidePaths: opening.movedAsidePaths, importedPaths: opening.importedPaths,
            seededDemoAccount: opening.seededDemoAccount,
            checkedDatabase: opening.checkedDatabase.map { ($0.path, $0.pageCount) })
    }
}

/// The same composition over data the caller keeps, in memory: the flows' tests and tools run the whole app, its
/// command language and its restarts with no database. Every launch over the same `data` is a restart of the same
/// app; the data directory of the request is not read, and the playgrounds are the live app's.
@MainActor
package struct InMemoryApp: AppLauncher {
    /// The data every launch composes the app over.
    package let data: InMemoryDataStore

    /// A launcher of the app over `data`.
    package init(data: InMemoryDataStore) {
        self.data = data
    }

    package func playgroundRefusal(_ name: String) -> String? {
        FeaturePlayground.refusal(name)
    }

    /// Never: the data is in memory, always there.
    package func holdsNoData(dataDirectory: String) -> Bool { false }

    package func linkRefusal(_ link: String) -> String? { AppLaunch.linkRefusal(link) }

    package func launch(_ request: LaunchRequest) throws -> LaunchedApp {
        if request.playground != nil { return try LiveApp().launch(request) }
        return LaunchedApp(
            session: try AppLaunch.compose(over: data, clock: AppClock(fixedNow: request.fixedNow)).session)
    }
}
