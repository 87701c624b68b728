import ExecutableTesting
import Foundation
import Testing

@testable import ModuleGraph

/// JSON shaped like `swift package dump-package`'s, for the targets given as (name, kind, path, dependencies).
func dumpPackageJSON(_ targets: [(name: String, kind: String, path: String, dependencies: [String])]) -> Data {
    let entries = targets.map { target in
        let dependencies = target.dependencies.map { name in
            name.contains(":")
                ? "{\"product\":[\"\(name.split(separator: ":")[1])\",\"\(name.split(separator: ":")[0])\",null,null]}"
                : "{\"byName\":[\"\(name)\",null]}"
        }
        return "{\"name\":\"\(target.name)\",\"type\":\"\(target.kind)\",\"path\":\"\(target.path)\",\"exclude\":[],"
            + "\"dependencies\":[\(dependencies.joined(separator: ","))]}"
    }
    return Data("{\"name\":\"Fixture\",\"targets\":[\(entries.joined(separator: ","))]}".utf8)
}

let smallPackage = dumpPackageJSON([
    ("Core", "regular", "Modules/Core", []),
    ("LoginFeature", "regular", "Modules/LoginFeature", ["Core"]),
    ("CCrypt", "system", "App/CCrypt", []),
    ("App", "regular", "App/App", ["Core", "LoginFeature", "CCrypt"]),
    ("Main", "executable", "App/Main", ["App"]),
    ("CoreTests", "test", "Tests/CoreTests", ["Core"]),
])

@Suite("The module graph drawn from the manifest")
struct ModuleGraphTests {
    @Test("Every target but the tests is a node in the box of its top folder, with an arrow to each dependency")
    func drawsTargetsAndDependencies() throws {
        let graph = try ModuleGraph(dumpPackageJSON: smallPackage)
        #expect(
            graph.mermaid == """
                flowchart TD
                    subgraph folder_Modules ["Modules/"]
                        Core["Core"]
                        LoginFeature["LoginFeature"]
                    end
                    subgraph folder_App ["App/"]
                        CCrypt[("CCrypt")]
                        App["App"]
                        Main(["Main"])
                    end
                    LoginFeature --> Core
                    App --> Core
                    App --> LoginFeature
                    App --> CCrypt
                    Main --> App
                """)
    }

    @Test("A dependency on another package's product is a node outside every box")
    func drawsProductsOfOtherPackages() throws {
        let graph = try ModuleGraph(
            dumpPackageJSON: dumpPackageJSON([
                ("Tool", "executable", "Tools/Tool", ["swift-argument-parser:ArgumentParser"])
            ]))
        #expect(graph.mermaid.contains("    end\n    ArgumentParser[\"ArgumentParser\"]\n"))
        #expect(graph.mermaid.hasSuffix("Tool --> ArgumentParser"))
    }

    @Test("Another package's product named like a target of this one is its own node, named with its package")
    func productNamedLikeATargetIsItsOwnNode() throws {
        let graph = try ModuleGraph(
            dumpPackageJSON: dumpPackageJSON([
                ("Core", "regular", "Sources/Core", []),
                ("GalleryFeature", "regular", "Sources/GalleryFeature", ["Core", "coordinators:Core"]),
            ]))
        #expect(graph.mermaid.components(separatedBy: "GalleryFeature --> Core\n").count == 2, "\(graph.mermaid)")
        #expect(graph.mermaid.contains("[\"coordinators/Core\"]"), "\(graph.mermaid)")
    }

    @Test("A target that names no path is drawn in SwiftPM's own folder for its kind: Plugins, Tests or Sources")
    func defaultFolders() throws {
        let json = String(
            decoding: dumpPackageJSON([("Check", "plugin", "", []), ("Lib", "regular", "", [])]), as: UTF8.self
        )
        .replacingOccurrences(of: "\"path\":\"\",", with: "")
        let graph = try ModuleGraph(dumpPackageJSON: Data(json.utf8))
        #expect(graph.mermaid.contains("subgraph folder_Plugins [\"Plugins/\"]\n        Check"))
        #expect(graph.mermaid.contains("subgraph folder_Sources [\"Sources/\"]\n        Lib"))
    }

    @Test("Identifiers keep letters, digits and underscores, and avoid Mermaid's keyword `end`")
    func identifiers() {
        #expect(ModuleGraph.identifier("Feed-Feature 2") == "Feed_Feature_2")
        #expect(ModuleGraph.identifier("end") == "end_")
        #expect(ModuleGraph.identifier("Endpoint") == "Endpoint")
    }
}

@Suite("module-graph on a README")
struct ModuleGraphCommandTests {
    /// A temporary package root holding only a README.md.
    struct ScratchPackage {
        let root: URL

        init(readme: String) throws {
            root = ScratchSpace.directory.appendingPathComponent("module-graph-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Data(readme.utf8).write(to: root.appendingPathComponent("README.md"))
        }

        var readme: String {
            get throws { try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8) }
        }

        /// Runs the command with the manifest `json`; returns the exit code and what it printed.
        func run(_ arguments: [String], json: Data = smallPackage) -> (status: Int32, output: String, errors: String) {
            var output = ""
            var errors = ""
            let status = ModuleGraphCommand.run(
                arguments, defaultPackagePath: root, graph: { _ in try ModuleGraph(dumpPackageJSON: json) },
                output: { output += $0 }, errors: { errors += $0 })
            return (status, output, errors)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let readme = """
        # A package

        ## Modules

        <!-- module-graph: begin (generated) -->
        old graph
        <!-- module-graph: end -->

        ## After
        """

    @Test("It replaces what lies between the markers and keeps the rest of the README")
    func rewritesBetweenMarkers() throws {
        let package = try ScratchPackage(readme: Self.readme)
        defer { package.remove() }
        #expect(package.run([]).status == ModuleGraphCommand.success)
        let readme = try package.readme
        #expect(readme.hasPrefix("# A package\n\n## Modules\n\n<!-- module-graph: begin (generated) -->\n```mermaid\n"))
        #expect(readme.hasSuffix("of date.\n<!-- module-graph: end -->\n\n## After"))
        #expect(!readme.contains("old graph"))
        #expect(readme.contains("    Main([\"Main\"])\n"))
    }

    @Test("A target added to the manifest, such as a scaffolded feature, appears when the graph is regenerated")
    func newTargetAppears() throws {
        let package = try ScratchPackage(readme: Self.readme)
        defer { package.remove() }
        #expect(package.run([]).status == ModuleGraphCommand.success)
        let withProfile = dumpPackageJSON([
            ("Core", "regular", "Modules/Core", []),
            ("ProfileFeature", "regular", "Modules/ProfileFeature", ["Core"]),
            ("ProfileFeatureTests", "test", "Tests/ProfileFeatureTests", ["ProfileFeature"]),
        ])
        let check = package.run(["--check"], json: withProfile)
        #expect(check.status == ModuleGraphCommand.stale)
        #expect(check.errors.contains("out of date with Package.swift; run `swift run module-graph`"))
        #expect(package.run([], json: withProfile).status == ModuleGraphCommand.success)
        let readme = try package.readme
        #expect(readme.contains("        ProfileFeature[\"ProfileFeature\"]\n"))
        #expect(readme.contains("    ProfileFeature --> Core\n"))
        #expect(!readme.contains("ProfileFeatureTests"))
        #expect(package.run(["--check"], json: withProfile).status == ModuleGraphCommand.success)
    }

    @Test("--check changes nothing: it passes on a current graph and fails on a stale one")
    func checkChangesNothing() throws {
        let package = try ScratchPackage(readme: Self.readme)
        defer { package.remove() }
        let stale = package.run(["--check"])
        #expect(stale.status == ModuleGraphCommand.stale)
        #expect(try package.readme == Self.readme)
        #expect(package.run([]).status == ModuleGraphCommand.success)
        let current = package.run(["--check"])
        #expect(current.status == ModuleGraphCommand.success)
        #expect(current.output == "module-graph: README.md's module graph is current")
    }

    @Test("A README without its markers, or with them twice, is refused with exit code 2 and left unchanged")
    func refusesReadmeWithoutMarkers() throws {
        for text in ["# No graph here\n", Self.readme + "\n" + Self.readme] {
            let package = try ScratchPackage(readme: text)
            defer { package.remove() }
            let result = package.run([])
            #expect(result.status == ModuleGraphCommand.failure)
            #expect(result.errors.contains("<!-- module-graph: begin"))
            #expect(try package.readme == text)
        }
    }

    @Test("No README says where the graph goes; no Package.swift either says there is no package there (2)")
    func missingReadmeOrPackage() throws {
        let package = try ScratchPackage(readme: Self.readme)
        defer { package.remove() }
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("README.md"))
        let outside = package.run([])
        #expect(outside.status == ModuleGraphCommand.failure)
        #expect(outside.errors.contains("no package at \(package.root.path): it has no Package.swift"))
        try Data().write(to: package.root.appendingPathComponent("Package.swift"))
        let noReadme = package.run([])
        #expect(noReadme.status == ModuleGraphCommand.failure)
        #expect(noReadme.errors.contains("README.md does not exist; the graph is drawn into the package's README.md"))
        #expect(noReadme.errors.contains("<!-- module-graph: end -->"))
    }

    @Test("A manifest that cannot be evaluated fails with exit code 2 and its reason")
    func reportsManifestFailure() throws {
        let package = try ScratchPackage(readme: Self.readme)
        defer { package.remove() }
        try Data("// swift-tools-version: 6.2\n".utf8).write(to: package.root.appendingPathComponent("Package.swift"))
        let result = package.run([], json: Data("not json".utf8))
        #expect(result.status == ModuleGraphCommand.failure)
        #expect(result.errors.contains("dump-package"))
        #expect(try package.readme == Self.readme)
    }

    @Test("An unknown argument, a missing value or a package path that is no folder is a usage error, exit code 64")
    func usageErrors() throws {
        let package = try ScratchPackage(readme: Self.readme)
        defer { package.remove() }
        #expect(package.run(["--bogus"]).status == ModuleGraphCommand.usageError)
        #expect(package.run(["--package-path"]).status == ModuleGraphCommand.usageError)
        let nowhere = package.run(["--package-path", package.root.appendingPathComponent("nowhere").path])
        #expect(nowhere.status == ModuleGraphCommand.usageError)
        #expect(nowhere.errors.hasSuffix("nowhere is not a folder"), "\(nowhere.errors)")
        #expect(package.run(["--help"]).output.hasPrefix("usage: swift run module-graph"))
        #expect(try package.readme == Self.readme)
    }
}
