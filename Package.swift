// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ModularCoordinators",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Core", targets: ["Core"]),
        .library(name: "CoreTesting", targets: ["CoreTesting"]),
        .library(name: "InputRules", targets: ["InputRules"]),
        .library(name: "LoginFeature", targets: ["LoginFeature"]),
        .library(name: "SignUpFeature", targets: ["SignUpFeature"]),
        .library(name: "FeedFeature", targets: ["FeedFeature"]),
        .library(name: "OnboardingFeature", targets: ["OnboardingFeature"]),
        .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
        // new-feature: feature products
        // What a module's own test target checks its boundaries with (`ModuleBoundary.check`), here and in any
        // package that depends on this one.
        .library(name: "BoundaryCheck", targets: ["BoundaryCheck"]),
        .executable(name: "app", targets: ["Main"]),
        .executable(name: "boundary-check", targets: ["BoundaryCheckCommand"]),
        .executable(name: "new-feature", targets: ["NewFeatureMain"]),
        .executable(name: "benchmarks", targets: ["BenchmarksMain"]),
        .executable(name: "module-graph", targets: ["ModuleGraph"]),
        .executable(name: "affected-tests", targets: ["AffectedTestsMain"]),
        .executable(name: "explore", targets: ["Explore"]),
        // `swift package check-boundaries`, `swift package update-boundary-baselines`, `swift package new-feature
        // <Name>` and `swift package affected-tests --base <ref> --list`, in any package that depends on this one.
        .plugin(name: "CheckBoundariesPlugin", targets: ["CheckBoundariesPlugin"]),
        .plugin(name: "UpdateBoundaryBaselinesPlugin", targets: ["UpdateBoundaryBaselinesPlugin"]),
        .plugin(name: "NewFeaturePlugin", targets: ["NewFeaturePlugin"]),
        .plugin(name: "AffectedTestsPlugin", targets: ["AffectedTestsPlugin"]),
    ],
    targets: [
        // MARK: Runtime
        .target(name: "Core", dependencies: ["CSwiftRuntime"], path: "Modules/Core"),
        // The one entry point of the Swift runtime that Core calls and Swift cannot name: the try-retain behind
        // Core's `Weak`, a weak reference that gives its object no side table.
        .target(name: "CSwiftRuntime", path: "Modules/CSwiftRuntime"),
        .target(name: "CoreTesting", dependencies: ["Core"], path: "Modules/CoreTesting"),
        .target(name: "InputRules", path: "Modules/InputRules"),

        // MARK: Features
        .target(
            name: "LoginFeature", dependencies: ["Core", "InputRules", "SignUpFeature"], path: "Modules/LoginFeature"),
        .target(name: "SignUpFeature", dependencies: ["Core", "InputRules"], path: "Modules/SignUpFeature"),
        .target(name: "FeedFeature", dependencies: ["Core", "InputRules"], path: "Modules/FeedFeature"),
        .target(name: "OnboardingFeature", dependencies: ["Core"], path: "Modules/OnboardingFeature"),
        .target(name: "ProfileFeature", dependencies: ["Core", "InputRules"], path: "Modules/ProfileFeature"),
        // new-feature: feature targets

        // MARK: App
        .systemLibrary(name: "CCrypt", path: "App/CCrypt"),
        .systemLibrary(name: "CSQLite", path: "App/CSQLite"),
        .systemLibrary(name: "CNcurses", path: "App/CNcurses"),
        // The app in three rooms, each a target with one job; Tools/BoundaryRules.txt holds the walls between them.
        // The data: SQLite, the stores, and one interface the flows see it through, live over the database and
        // twinned in memory. Knows nothing of the terminal or of the features.
        .target(name: "AppData", dependencies: ["Core", "InputRules", "CCrypt", "CSQLite"], path: "App/Data"),
        // What a front end sees of the app: the session it drives, the snapshot it draws, the launcher the executable
        // hands it. The flows implement it; the terminal uses it, and so depends on no feature.
        .target(name: "AppInterface", dependencies: ["Core"], path: "App/Interface"),
        // The app's flows: the coordinator tree, deep links, restoration, the playgrounds and the session the
        // terminal drives.
        .target(
            name: "AppFlows",
            dependencies: [
                "AppData", "AppInterface", "Core", "InputRules", "LoginFeature", "SignUpFeature", "FeedFeature",
                "OnboardingFeature",
                "ProfileFeature",
                // new-feature: app dependencies (feature playgrounds)
            ],
            path: "App/Flows"
        ),
        // The terminal: command parsing, text escaping, the line mode and the full screen, over a session.
        .target(
            name: "AppTerminal", dependencies: ["AppInterface", "Core", "InputRules", "CNcurses", "ArgumentParsing"],
            path: "App/Terminal"),
        // The top of the graph: wires the live app into the terminal.
        .executableTarget(name: "Main", dependencies: ["AppTerminal", "AppFlows"], path: "App/Main"),

        // MARK: Tools
        .target(name: "ArgumentParsing", path: "Tools/ArgumentParsing"),
        // How the tools read a package: its evaluated manifest, and the compiler tools that build it.
        .target(name: "PackageReading", path: "Tools/PackageReading"),
        .target(
            name: "BoundaryCheck", dependencies: ["ArgumentParsing", "PackageReading"], path: "Tools/BoundaryCheck"),
        .executableTarget(
            name: "BoundaryCheckCommand",
            dependencies: [
                "BoundaryCheck",
                // The checked modules, so `swift run boundary-check` builds them before reading them.
                "Core", "CoreTesting", "InputRules", "LoginFeature", "SignUpFeature", "FeedFeature",
                "OnboardingFeature",
                "ProfileFeature",
                // new-feature: checked modules (boundary-check)
            ],
            path: "Tools/BoundaryCheckCommand"
        ),
        .target(
            name: "NewFeature", dependencies: ["ArgumentParsing", "BoundaryCheck", "PackageReading"],
            path: "Tools/NewFeature"),
        .executableTarget(
            name: "NewFeatureMain", dependencies: ["NewFeature", "PackageReading"], path: "Tools/NewFeatureMain"),
        // The plugins' own executable: SwiftPM cannot hand a plugin an executable that a product also builds.
        .executableTarget(
            name: "PluginTool", dependencies: ["BoundaryCheck", "NewFeature", "AffectedTests"], path: "Tools/PluginTool"
        ),
        .target(
            name: "AffectedTests", dependencies: ["PackageReading", "ArgumentParsing"], path: "Tools/AffectedTests"),
        .executableTarget(
            name: "AffectedTestsMain", dependencies: ["AffectedTests", "PackageReading"],
            path: "Tools/AffectedTestsMain"),
        .target(name: "MallocCounter", path: "Tools/MallocCounter"),
        .plugin(
            name: "CheckBoundariesPlugin",
            capability: .command(
                intent: .custom(
                    verb: "check-boundaries",
                    description: "Checks the module boundaries of this package against its rules and baselines")),
            dependencies: ["PluginTool"]
        ),
        // Writes the baselines, so it asks for permission; the check above only reads, and asks for none.
        .plugin(
            name: "UpdateBoundaryBaselinesPlugin",
            capability: .command(
                intent: .custom(
                    verb: "update-boundary-baselines",
                    description: "Rewrites Tools/Baselines from the built modules, then checks the boundaries"),
                permissions: [
                    .writeToPackageDirectory(reason: "update-boundary-baselines rewrites Tools/Baselines/<Module>.txt")
                ]),
            dependencies: ["PluginTool"]
        ),
        .plugin(
            name: "NewFeaturePlugin",
            capability: .command(
                intent: .custom(verb: "new-feature", description: "Creates a feature module, its tests and rules"),
                permissions: [
                    .writeToPackageDirectory(reason: "new-feature adds the feature's module, tests and targets")
                ]),
            dependencies: ["PluginTool"]
        ),
        .plugin(
            name: "AffectedTestsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "affected-tests",
                    description: "Lists the test targets that the changes since a git reference can affect")),
            dependencies: ["PluginTool"]
        ),
        .target(
            name: "Benchmarks", dependencies: ["AppData", "AppFlows", "AppTerminal", "Core", "ArgumentParsing"],
            path: "Tools/Benchmarks"),
        // The benchmarks' executable: the one program that links the allocation counter, which replaces the C
        // allocator of whatever links it (the test bundle of the benchmarks' module must not).
        .executableTarget(
            name: "BenchmarksMain", dependencies: ["Benchmarks", "MallocCounter"], path: "Tools/BenchmarksMain"),
        // Drives the composed app as tests do, so it may use CoreTesting (`test-tool` in Tools/BoundaryRules.txt).
        .executableTarget(
            name: "Explore", dependencies: ["AppFlows", "Core", "CoreTesting", "ArgumentParsing"], path: "Tools/Explore"
        ),
        .executableTarget(
            name: "ModuleGraph", dependencies: ["PackageReading", "ArgumentParsing"], path: "Tools/ModuleGraph"),

        // MARK: Tests
        // Each checked module's test target checks the module's own boundaries through BoundaryCheck.
        .testTarget(name: "CoreTests", dependencies: ["Core", "CoreTesting", "BoundaryCheck"]),
        .testTarget(name: "CSwiftRuntimeTests", dependencies: ["CSwiftRuntime"]),
        .testTarget(
            name: "CoreTestingTests", dependencies: ["Core", "CoreTesting", "BoundaryCheck", "ExecutableTesting"]),
        .testTarget(name: "InputRulesTests", dependencies: ["InputRules", "BoundaryCheck"]),
        .testTarget(
            name: "LoginFeatureTests",
            dependencies: ["LoginFeature", "SignUpFeature", "Core", "CoreTesting", "BoundaryCheck"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "SignUpFeatureTests", dependencies: ["SignUpFeature", "Core", "CoreTesting", "BoundaryCheck"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FeedFeatureTests", dependencies: ["FeedFeature", "Core", "CoreTesting", "BoundaryCheck"],
            exclude: ["__Snapshots__"]),
        // What the data's tests share: a temporary data directory, and its database file read and written as
        // another program would. Knows no app room and no feature.
        .target(name: "DataTesting", dependencies: ["CSQLite", "ExecutableTesting"], path: "Tests/DataTesting"),
        // What the app's tests share: running the composed app in process on a temporary data directory.
        .target(
            name: "AppTesting", dependencies: ["AppData", "AppFlows", "AppInterface", "AppTerminal", "DataTesting"],
            path: "Tests/AppTesting"),
        // The data room alone: stores, migrations, damage, several processes on one folder. No terminal.
        .testTarget(
            name: "AppDataTests",
            dependencies: ["AppData", "DataTesting", "Core", "InputRules", "ExecutableTesting", "DataWriter"]),
        // What a front end sees of the app: the snapshot and the launch's values, over Core alone.
        .testTarget(name: "AppInterfaceTests", dependencies: ["AppInterface", "Core"]),
        // The flows in process: the entry, the tab bar, deep links, restoration and the playgrounds.
        .testTarget(
            name: "AppFlowsTests",
            dependencies: ["AppFlows", "AppData", "AppInterface", "AppTesting", "Core", "CoreTesting", "InputRules"]),
        // The app as the terminal sees it, stood in for by plain Core screens: the session and the launcher the
        // terminal's tests drive. Knows no feature and no data, and links what the app links.
        .target(name: "AppStandIn", dependencies: ["AppInterface", "Core"], path: "Tests/AppStandIn"),
        // The executables built beside the tests, for tests that run them as processes of their own; and the scratch
        // space every test makes its files in.
        .target(name: "ExecutableTesting", path: "Tests/ExecutableTesting"),
        // Real terminals (tmux) running an executable, the app or the terminal's stand-in, for the terminal's and
        // the end-to-end tests.
        .target(name: "TerminalTesting", dependencies: ["ExecutableTesting"], path: "Tests/TerminalTesting"),
        // A process writing to a data folder through the data room alone, as the app does: several at once, or one
        // killed while it writes, for the data room's tests.
        .executableTarget(name: "DataWriter", dependencies: ["AppData"], path: "Tests/DataWriter"),
        // A small flow that breaks the rules, explored by processes sharing the levels: the explorer forks only in
        // a process of one thread, so its tests run this one.
        .executableTarget(
            name: "ExplorationFixture", dependencies: ["Core", "CoreTesting"], path: "Tests/ExplorationFixture"),
        // The terminal over the stand-in session, as an executable a real terminal runs: every signal, pastes, the
        // hidden prompt and resizes, without the app.
        .executableTarget(
            name: "TerminalStandIn", dependencies: ["AppTerminal", "AppStandIn", "Core"],
            path: "Tests/TerminalStandIn"),
        // The terminal alone, over a stand-in session: parsing, rendering, layout, pointer and keys; and in a real
        // terminal, over the stand-in executable, every signal, pastes and resizes. No feature, so a change inside a
        // feature never selects it.
        .testTarget(
            name: "AppTerminalTests",
            dependencies: [
                "AppTerminal", "AppInterface", "AppStandIn", "Core", "CoreTesting", "ExecutableTesting", "InputRules",
                "TerminalTesting", "TerminalStandIn",
            ]),
        // The real executable: processes, tmux, signals and restarts. Waits on conditions, never on sleeps.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["AppTerminal", "AppTesting", "ExecutableTesting", "Main", "TerminalTesting"]),
        .testTarget(
            name: "OnboardingFeatureTests", dependencies: ["OnboardingFeature", "Core", "CoreTesting", "BoundaryCheck"]
        ),
        .testTarget(
            name: "ProfileFeatureTests", dependencies: ["ProfileFeature", "Core", "CoreTesting", "BoundaryCheck"]),
        // new-feature: feature test targets
        // The checker's own tests, on fixture packages: no module of this package is checked there.
        .testTarget(
            name: "BoundaryCheckTests", dependencies: ["BoundaryCheck", "ExecutableTesting", "PackageReading"],
            exclude: ["Fixtures"]),
        // What only the whole package can answer, read from its manifest, sources and rules, never its built
        // modules: the import graph and baselines of modules that are gone.
        .testTarget(name: "PackageBoundaryTests", dependencies: ["BoundaryCheck", "PackageReading"]),
        .testTarget(name: "NewFeatureTests", dependencies: ["NewFeature", "ExecutableTesting", "PackageReading"]),
        .testTarget(name: "ModuleGraphTests", dependencies: ["ModuleGraph", "ExecutableTesting"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "AffectedTestsTests", dependencies: ["AffectedTests", "ExecutableTesting"]),
        .testTarget(name: "ExploreTests", dependencies: ["Explore", "ExecutableTesting"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks"]),
    ]
)

// Settings shared by every target, applied in one place so no target can drift.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("ExistentialAny"),
        ]
}
