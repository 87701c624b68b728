import ExecutableTesting
import Foundation
import PackageReading
import Testing

/// A checked module that imports a C target of its package is read only where that target's module map is found.
@Suite("The compiler tools' search paths")
struct SearchPathTests {
    @Test("Beside a build's Modules folder, every folder SwiftPM wrote a C module map into is searched too")
    func cModuleMapsBesideTheModules() throws {
        let build = ScratchSpace.directory.appendingPathComponent("search-paths-\(UUID())")
        defer { try? FileManager.default.removeItem(at: build) }
        let modules = build.appendingPathComponent("Modules")
        let cTarget = build.appendingPathComponent("CShim.build")
        let swiftTarget = build.appendingPathComponent("Feature.build")
        for folder in [modules, cTarget, swiftTarget] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("module CShim {}\n".utf8).write(to: cTarget.appendingPathComponent("module.modulemap"))
        let other = build.appendingPathComponent("other")

        #expect(
            Toolchain.searchArguments([modules, other]) == [
                "-I", modules.path, "-I", cTarget.path, "-I", other.path,
            ])
        #expect(
            Toolchain.searchArguments([other]) == ["-I", other.path], "only a Modules folder has targets beside it")
    }
}
