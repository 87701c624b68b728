/// Why the scaffolder refused to create a feature. It changes nothing when it refuses.
enum ScaffoldError: Error, CustomStringConvertible {
    /// The name is not a valid feature name.
    case invalidName(String, String)
    /// A feature, module, target or file with this name exists already.
    case alreadyExists(String, String)
    /// A file the scaffolder edits is missing or has no marker to insert at.
    case missingMarker(String, String)
    /// A file could not be read or written.
    case fileSystem(String)

    var description: String {
        switch self {
        case .invalidName(let name, let reason): "`\(name)` is not a valid feature name: \(reason)."
        case .alreadyExists(let name, let what): "feature `\(name)` already exists: \(what). Nothing was changed."
        case .missingMarker(let file, let marker):
            "\(file) has no line `\(marker)` to insert the new feature at. Nothing was changed; restore the marker."
        case .fileSystem(let detail): detail
        }
    }
}
