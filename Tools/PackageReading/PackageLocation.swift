public import Foundation

/// Where a tool finds the package it works on when no `--package-path` names one: as `swift package` and `git`
/// do, the nearest folder at or above the current directory that holds a `Package.swift`, so a tool run in
/// `Modules/LoginFeature` works on the package around it.
public enum PackageLocation {
    /// The process's current directory.
    public static func currentDirectory() -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// The nearest folder at or above `directory` that holds a `Package.swift`, or nil when no folder up to the
    /// root does.
    public static func enclosingPackage(of directory: URL) -> URL? {
        var folder = directory.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            guard folder.pathComponents.count > 1 else { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    /// Whether `path` names an existing directory (a symbolic link to one counts).
    public static func isDirectory(_ path: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
