import ExecutableTesting
package import Foundation

/// A data directory for one test, in the tests' scratch space (``ScratchSpace``), removed when the test ends.
package final class TemporaryDataDirectory: Sendable {
    package let path: String

    package init() throws {
        path = ScratchSpace.directory.appendingPathComponent("app-tests-\(UUID().uuidString)").path
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
