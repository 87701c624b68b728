/// Why the scaffolder refused to create a feature. It changes nothing when it refuses.
enum ScaffoldError: Error, CustomStringConvertible {
    /// The name is not a valid feature name.
    case invalidName(String, String)
    /// A feature, module, target or file with this name exists already.
    case alreadyExists(String, String)
    /// A target the feature would add has the name of a target of a package the package depends on: the feature's
    /// name, and each clash as `ProfileFeature (package coordinators)`.
    case clashes(String, [String])
    /// A file the scaffolder edits is missing or has no marker to insert at.
    case missingMarker(String, String)
    /// `Package.swift` has no `// new-feature:` marker line at all, and no package to depend on for `Core` was
    /// named: a package that adopts the pattern, whose features the plugin adds. The feature's name.
    case noMarkers(String)
    /// A file could not be read or written.
    case fileSystem(String)

    var description: String {
        switch self {
        case .invalidName(let name, let reason): "`\(name)` is not a valid feature name: \(reason)."
        case .alreadyExists(let name, let what): "feature `\(name)` already exists: \(what). Nothing was changed."
        case .clashes(let name, let targets):
            "feature `\(name)` would clash with the package graph: "
                + targets.map { "target \($0)" }.joined(separator: ", ")
                + " already exists, and SwiftPM needs target names to be unique across the whole package graph. "
                + "Choose another name. Nothing was changed."
        case .missingMarker(let file, let marker):
            "\(file) has no line `\(marker)` to insert the new feature at. Nothing was changed; restore the marker."
        case .noMarkers(let name):
            "Package.swift has no `// new-feature:` marker lines, which `swift run new-feature` adds a feature at. "
                + "In a package that depends on ModularCoordinators, run the plugin instead, which appends the "
                + "feature's targets to the end of Package.swift: "
                + "`swift package --allow-writing-to-package-directory new-feature \(name)`. Nothing was changed."
        case .fileSystem(let detail): detail
        }
    }
}
