// swift-tools-version: 6.0
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
        .executable(name: "app", targets: ["Main"]),
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

        // MARK: App
        .systemLibrary(name: "CCrypt", path: "App/CCrypt"),
        .target(
            name: "App",
            dependencies: ["Core", "LoginFeature", "SignUpFeature", "FeedFeature", "CCrypt"],
            path: "App/App"
        ),
        .executableTarget(name: "Main", dependencies: ["App"], path: "App/Main"),

        // MARK: Tools
        .target(name: "MallocCounter", path: "Tools/MallocCounter"),
        .executableTarget(name: "Benchmarks", dependencies: ["Core", "MallocCounter"], path: "Tools/Benchmarks"),

        // MARK: Tests
        .testTarget(name: "CoreTests", dependencies: ["Core", "CoreTesting"]),
        .testTarget(name: "CoreTestingTests", dependencies: ["Core", "CoreTesting"]),
        .testTarget(name: "LoginFeatureTests", dependencies: ["LoginFeature", "SignUpFeature", "Core", "CoreTesting"]),
        .testTarget(name: "SignUpFeatureTests", dependencies: ["SignUpFeature", "Core", "CoreTesting"]),
        .testTarget(name: "FeedFeatureTests", dependencies: ["FeedFeature", "Core", "CoreTesting"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Core", "CoreTesting"]),
    ]
)

// Settings shared by every target, applied in one place so no target can drift.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
