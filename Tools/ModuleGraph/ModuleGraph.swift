import Foundation
import PackageReading

/// The package's targets and their dependencies as a Mermaid flowchart, drawn from the evaluated manifest.
///
/// Every target that is not a test target is a node, inside a box for the top folder of its path (`Modules/`,
/// `App/`, `Tools/`), in the order `Package.swift` declares it: a target added to the manifest, by hand or by
/// `new-feature`, appears without any change here. An arrow goes from a target to each target it depends on.
/// Executables are drawn rounded and system libraries as cylinders. A dependency that is not a target of the
/// package (a product of another package) is drawn as a node outside every box.
struct ModuleGraph: Equatable {
    /// A drawn target.
    struct Node: Equatable {
        let name: String
        let kind: String
        let folder: String
        let dependencies: [String]
    }

    /// The drawn targets, in declaration order.
    let nodes: [Node]

    init(manifest: PackageManifest) {
        let targets = Set(manifest.targets.map(\.name))
        nodes = manifest.targets.filter { !$0.isTest }.map { target in
            // Another package's product named like a target of this one (its `Core` beside yours, under an alias)
            // is its own node, named with its package.
            let products = target.productDependencies.map {
                targets.contains($0.name) ? "\($0.package)/\($0.name)" : $0.name
            }
            return Node(
                name: target.name, kind: target.kind,
                folder: String(target.path.split(separator: "/").first ?? Substring(target.path)),
                dependencies: target.packageDependencies + products)
        }
    }

    /// The graph of the JSON that `swift package dump-package` prints.
    init(dumpPackageJSON json: Data) throws {
        self.init(manifest: try PackageManifest(json: json, manifestText: ""))
    }

    /// The flowchart, without the Markdown fence around it.
    var mermaid: String {
        var lines = ["flowchart TD"]
        var folders: [String] = []
        for node in nodes where !folders.contains(node.folder) { folders.append(node.folder) }
        for folder in folders {
            lines.append("    subgraph \(Self.identifier("folder_" + folder)) [\"\(folder)/\"]")
            for node in nodes where node.folder == folder {
                lines.append("        " + Self.declaration(of: node))
            }
            lines.append("    end")
        }
        let drawn = Set(nodes.map(\.name))
        var outside: [String] = []
        for node in nodes {
            for dependency in node.dependencies where !drawn.contains(dependency) && !outside.contains(dependency) {
                outside.append(dependency)
            }
        }
        for name in outside {
            lines.append("    \(Self.identifier(name))[\"\(name)\"]")
        }
        for node in nodes {
            for dependency in node.dependencies {
                lines.append("    \(Self.identifier(node.name)) --> \(Self.identifier(dependency))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A node's declaration: its identifier and its name in the shape of its kind.
    private static func declaration(of node: Node) -> String {
        let identifier = identifier(node.name)
        switch node.kind {
        case "executable": return "\(identifier)([\"\(node.name)\"])"
        case "system": return "\(identifier)[(\"\(node.name)\")]"
        default: return "\(identifier)[\"\(node.name)\"]"
        }
    }

    /// A Mermaid identifier for `name`: letters, digits and underscores, never the keyword `end`.
    static func identifier(_ name: String) -> String {
        let identifier = String(
            name.unicodeScalars.map { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                    ? Character(scalar) : "_"
            })
        return identifier.lowercased() == "end" ? identifier + "_" : identifier
    }
}
