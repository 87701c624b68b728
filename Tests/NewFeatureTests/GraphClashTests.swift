import ExecutableTesting
import Foundation
import PackageReading
import Testing

@testable import NewFeature

/// The scaffolder in an adopting package: a folder holding a package `coordinators` that provides `Core`,
/// `CoreTesting` and `ProfileFeature`, written once for the run, and for each test a package `adopter` that depends
/// on it by path. Both lie in scratch folders at paths that stay the same from run to run, so SwiftPM's manifest
/// cache answers for a manifest it evaluated before (see `ScratchFolder`).
@Suite("new-feature: names that clash with the package graph")
struct GraphClashTests {
    struct ScratchGraph {
        private let scratch: ScratchFolder
        var folder: URL { scratch.url }
        var adopter: URL { folder.appendingPathComponent("adopter") }

        /// The package `adopter`; `adopterProducts` and `adopterTargets` are its `products:` and `targets:`. Each test
        /// has folders of its own name, so its adopter's manifest is at the same path with the same text every run.
        init(adopterProducts: String = "[]", adopterTargets: String = "[]", test: String = #function) throws {
            scratch = try ScratchFolder("new-feature-graph-\(test.prefix { $0.isLetter })") { _ in }
            let provider = try Self.provider.get()
            try Self.write(
                """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "adopter", products: \(adopterProducts),
                    dependencies: [.package(path: "\(provider.path)")], targets: \(adopterTargets))

                """, to: adopter.appendingPathComponent("Package.swift"))
            try Self.write("let x = 1\n", to: adopter.appendingPathComponent("Sources/Core/File.swift"))
            try Self.write("let x = 1\n", to: adopter.appendingPathComponent("Sources/App/File.swift"))
        }

        /// The package `coordinators`, written once for every adopter of the run: none of them changes it, so
        /// SwiftPM evaluates its manifest once. Its folder is held until the test process ends, then emptied by
        /// the next run that holds it.
        static let provider = Result<URL, any Error> {
            let provider = try providerFolder.get().url.appendingPathComponent("coordinators")
            try write(
                """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "coordinators",
                    products: [
                        .library(name: "Core", targets: ["Core"]),
                        .library(name: "CoreTesting", targets: ["CoreTesting"]),
                        .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
                        .library(name: "BoundaryCheck", targets: ["BoundaryCheck"]),
                    ],
                    targets: [
                        .target(name: "Core"), .target(name: "CoreTesting", dependencies: ["Core"]),
                        .target(name: "ProfileFeature", dependencies: ["Core"]), .target(name: "BoundaryCheck"),
                        .testTarget(name: "SearchFeatureTests", dependencies: ["Core"]),
                    ]
                )

                """, to: provider.appendingPathComponent("Package.swift"))
            for target in [
                "Sources/Core", "Sources/CoreTesting", "Sources/ProfileFeature", "Sources/BoundaryCheck",
                "Tests/SearchFeatureTests",
            ] {
                try write("let x = 1\n", to: provider.appendingPathComponent("\(target)/File.swift"))
            }
            return provider
        }

        /// The folder that holds ``provider``, held for the whole test process.
        private static let providerFolder = Result<ScratchFolder, any Error> {
            try ScratchFolder("new-feature-graph-provider") { _ in }
        }

        static func write(_ text: String, to file: URL) throws {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: adopter.appendingPathComponent(path), encoding: .utf8)
        }

        /// Runs `new-feature` on the adopter as the plugin does, without the graph, which it then resolves.
        func run(_ arguments: [String]) -> (status: Int32, errors: [String], output: String) {
            var errors: [String] = []
            var output = ""
            let status = NewFeatureCommand.run(
                arguments + ["--package-path", adopter.path, "--core-package", "coordinators"],
                defaultPackagePath: adopter, output: { output += $0 + "\n" }, errors: { errors.append($0) })
            return (status, errors, output)
        }

        func remove() { scratch.remove() }
    }

    @Test("A feature named like a dependency's feature is refused with the clashing target, and nothing changes")
    func refusesDependencyFeature() async throws {
        let graph = try ScratchGraph()
        defer { graph.remove() }
        let manifest = try graph.text("Package.swift")
        let (status, errors, _) = graph.run(["Profile"])
        #expect(status == NewFeatureCommand.refused)
        #expect(
            errors == [
                "new-feature: feature `Profile` would clash with the package graph: target ProfileFeature (package "
                    + "coordinators) already exists, and SwiftPM needs target names to be unique across the whole "
                    + "package graph. Choose another name. Nothing was changed."
            ])
        #expect(try graph.text("Package.swift") == manifest)
        #expect(
            !FileManager.default.fileExists(atPath: graph.adopter.appendingPathComponent("Sources/ProfileFeature").path)
        )
    }

    @Test("A dependency's test target, outside the graph SwiftPM loads, does not clash; a free name is created")
    func acceptsDependencyTestTargetName() async throws {
        let graph = try ScratchGraph()
        defer { graph.remove() }
        let search = graph.run(["Search"])
        #expect(search.status == NewFeatureCommand.success, "\(search.errors)")
        let created = graph.run(["Gallery"])
        #expect(created.status == NewFeatureCommand.success, "\(created.errors)")
        let manifest = try graph.text("Package.swift")
        #expect(manifest.contains(#"dependencies: [.product(name: "Core", package: "coordinators")]"#))
        #expect(try graph.text("Sources/GalleryFeature/GalleryBuilder.swift").contains("public import Core\n"))
    }

    @Test(
        "Where the package renames the dependency's Core, the feature declares the alias, imports it, and sees the own Core",
        arguments: [
            "coordinators",
            // The README's spelling: the identity in another case. The plugin passes the identity in lowercase, and
            // SwiftPM compares identities without regard to case.
            "Coordinators",
        ])
    func followsCoreAlias(spelling: String) async throws {
        // SwiftPM applies the alias only through a product of the root package that lists the declaring target.
        let graph = try ScratchGraph(
            adopterProducts: #"[.library(name: "App", targets: ["App"])]"#,
            adopterTargets: """
                [
                        .target(name: "Core"),
                        .target(
                            name: "App",
                            dependencies: [
                                "Core",
                                .product(
                                    name: "Core", package: "\(spelling)", moduleAliases: ["Core": "CoordinatorCore"]),
                            ]),
                    ]
                """)
        defer { graph.remove() }
        let result = graph.run(["Gallery"])
        #expect(result.status == NewFeatureCommand.success, "\(result.errors)")
        #expect(result.output.contains("swiftlang/swift-package-manager#10417"), "\(result.output)")
        let manifest = try graph.text("Package.swift")
        // Without the own Core beside the alias, SwiftPM 6.3 refuses `import CoordinatorCore` in the feature. The
        // appended lines spell the package as the manifest already does.
        let aliased =
            #""Core", .product(name: "Core", package: "\#(spelling)", moduleAliases: ["Core": "CoordinatorCore"])"#
        #expect(manifest.contains(#".target(name: "GalleryFeature", dependencies: [\#(aliased)]"#))
        #expect(manifest.contains(#"dependencies: ["GalleryFeature", \#(aliased), "#))
        let builder = try graph.text("Sources/GalleryFeature/GalleryBuilder.swift")
        #expect(builder.contains("public import CoordinatorCore\n"))
        #expect(!builder.contains("import Core\n"))
        let tests = try graph.text("Tests/GalleryFeatureTests/GalleryFeatureTests.swift")
        #expect(tests.contains("import CoordinatorCore\nimport CoreTesting\n"))
    }

    @Test("A manifest that does not evaluate: it says what it cannot do, quotes the error, and changes nothing")
    func brokenManifest() async throws {
        let graph = try ScratchGraph(adopterTargets: #"[.target(name: "App", dependencies: [1])]"#)
        defer { graph.remove() }
        let manifest = try graph.text("Package.swift")
        let (status, errors, _) = graph.run(["Gallery"])
        #expect(status == NewFeatureCommand.refused)
        let said = errors.joined(separator: "\n")
        #expect(
            said.hasPrefix(
                "new-feature: tool failed: `swift package dump-package` could not evaluate "
                    + "\(graph.adopter.path)/Package.swift, so new-feature cannot add a feature to it"), "\(said)")
        #expect(said.contains("Package.swift:6:"), "the compiler's error, with its line: \(said)")
        #expect(!said.contains("compiled with"), "without the compiler's command line: \(said)")
        #expect(!said.contains("declared dependencies cannot be checked"), "the boundary check's words are its own")
        #expect(try graph.text("Package.swift") == manifest)
        #expect(!FileManager.default.fileExists(atPath: graph.adopter.appendingPathComponent("Tests").path))
    }

    @Test("The graph the plugin passes is read as package:Target pairs; the root's own test target is checked too")
    func givenGraph() async throws {
        let graph = try NewFeatureCommand.parseGraphTargets("coordinators:Core,coordinators:GalleryFeatureTests")
        #expect(
            graph.targets(named: "GalleryFeatureTests") == [.init(package: "coordinators", name: "GalleryFeatureTests")]
        )
        #expect {
            _ = try FeatureScaffold(
                name: try FeatureName("Gallery"), packageRoot: URL(fileURLWithPath: "/nonexistent"), graph: graph)
        } throws: { error in
            "\(error)".hasPrefix("feature `Gallery` would clash with the package graph: target GalleryFeatureTests")
        }
        #expect(throws: ToolError.self) { try NewFeatureCommand.parseGraphTargets("Core") }
    }

    @Test("show-dependencies' tree is read depth first, each package once")
    func dependencyTree() async throws {
        let json = """
            {"identity": "root", "path": "/r", "dependencies": [
              {"identity": "a", "path": "/a", "dependencies": [{"identity": "c", "path": "/c", "dependencies": []}]},
              {"identity": "b", "path": "/b", "dependencies": [{"identity": "c", "path": "/c", "dependencies": []}]}
            ]}
            """
        let found = try PackageGraph.dependencies(showDependenciesJSON: Data(json.utf8))
        #expect(found.map(\.identity) == ["a", "c", "b"])
        #expect(found.map(\.path) == ["/a", "/c", "/b"])
    }
}
