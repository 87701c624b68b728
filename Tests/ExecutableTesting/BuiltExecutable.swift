import Foundation

/// The executables `swift build --build-tests` puts beside the test bundle, for tests that run them as processes of
/// their own: the app, the terminal's stand-in, the data writer.
package enum BuiltExecutable {
    /// An executable that is not built.
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// The path of the executable `name` in the test bundle's build folder; throws, saying how to build it, when it
    /// is not there.
    package static func path(_ name: String) throws -> String {
        let testExecutable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var folder = URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
        // On Linux the test bundle is an executable in the build folder; elsewhere the executable is inside it.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "no \(name) executable at \(path): build it with `swift build --build-tests`")
        }
        return path
    }
}
