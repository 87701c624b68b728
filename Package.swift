// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ModularCoordinators",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Core", targets: ["Core"]),
        .library(name: "CoreTesting", targets: ["CoreTesting"]),
        .library(name: "LoginFeature", targets: ["LoginFeature"]),
        .library(name: "SignUpFeature", targets: ["SignUpFeature"]),
        .library(name: "FeedFeature", targets: ["FeedFeature"]),
        // new-feature: feature products
        .executable(name: "app", targets: ["Main"]),
        .executable(name: "boundary-check", targets: ["BoundaryCheckCommand"]),
        .executable(name: "new-feature", targets: ["NewFeature"]),
        .executable(name: "benchmarks", targets: ["Benchmarks"]),
    ],
    targets: [
        // MARK: Runtime
        .target(name: "Core", path: "Modules/Core"),
        .target(name: "CoreTesting", dependencies: ["Core"], path: "Modules/CoreTesting"),

        // MARK: Features
        .target(name: "LoginFeature", dependencies: ["Core", "SignUpFeature"], path: "Modules/LoginFeature"),
        .target(name: "SignUpFeature", dependencies: ["Core"], path: "Modules/SignUpFeature"),
        .target(name: "FeedFeature", dependencies: ["Core"], path: "Modules/FeedFeature"),
        // new-feature: feature targets

        // MARK: App
        .systemLibrary(name: "CCrypt", path: "App/CCrypt"),
        .systemLibrary(name: "CNcurses", path: "App/CNcurses"),
        .target(
            name: "App",
            dependencies: ["Core", "LoginFeature", "SignUpFeature", "FeedFeature", "CCrypt", "CNcurses"],
            path: "App/App"
        ),
        .executableTarget(name: "Main", dependencies: ["App"], path: "App/Main"),

        // MARK: Tools
        .target(name: "BoundaryCheck", path: "Tools/BoundaryCheck"),
        .executableTarget(
            name: "BoundaryCheckCommand",
            dependencies: [
                "BoundaryCheck",
                // The checked modules, so `swift run boundary-check` builds them before reading them.
                "Core", "CoreTesting", "LoginFeature", "SignUpFeature", "FeedFeature",
                // new-feature: checked modules (boundary-check)
            ],
            path: "Tools/BoundaryCheckCommand"
        ),
        .executableTarget(name: "NewFeature", path: "Tools/NewFeature"),
        .target(name: "MallocCounter", path: "Tools/MallocCounter"),
        .executableTarget(
            name: "Benchmarks", dependencies: ["App", "Core", "MallocCounter"], path: "Tools/Benchmarks"),

        // MARK: Tests
        .testTarget(name: "CoreTests", dependencies: ["Core", "CoreTesting"]),
        .testTarget(name: "CoreTestingTests", dependencies: ["Core", "CoreTesting"]),
        .testTarget(name: "LoginFeatureTests", dependencies: ["LoginFeature", "SignUpFeature", "Core", "CoreTesting"]),
        .testTarget(name: "SignUpFeatureTests", dependencies: ["SignUpFeature", "Core", "CoreTesting"]),
        .testTarget(name: "FeedFeatureTests", dependencies: ["FeedFeature", "Core", "CoreTesting"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Core", "CoreTesting"]),
        // new-feature: feature test targets
        .testTarget(
            name: "BoundaryCheckTests",
            dependencies: [
                "BoundaryCheck",
                // The checked modules, so `swift test` builds them before the suite reads them.
                "Core", "CoreTesting", "LoginFeature", "SignUpFeature", "FeedFeature",
                // new-feature: checked modules (BoundaryCheckTests)
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "NewFeatureTests", dependencies: ["NewFeature"]),
    ]
)

// Settings shared by every target, applied in one place so no target can drift.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("ExistentialAny"),
        ]
}
