package import Foundation

/// A temporary data directory for one test, removed when the test ends.
package final class TemporaryDataDirectory: Sendable {
    package let path: String

    package init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("app-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    /// Every file in the directory (hidden ones too), with its bytes.
    package func allFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: file(name)))
        }
        return files
    }
}
