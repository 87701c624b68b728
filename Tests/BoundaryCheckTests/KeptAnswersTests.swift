import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// A check that runs again asks the compiler only about what changed: the probes' answers and the checked modules'
/// symbol graphs are kept by the content of the built modules they read.
@Suite("Kept answers about built modules")
struct KeptAnswersTests {
    /// A new, empty folder in the temporary directory, removed after `body`.
    private func withFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-answers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test("A module file counts by its content: written again the same it keeps the key, changed or gone it does not")
    func moduleFilesCountByContent() throws {
        try withFolder { folder in
            let cache = AnswerCache(directory: folder.appendingPathComponent("answers"))
            let module = folder.appendingPathComponent("Demo.swiftmodule")
            let question = ["/usr/bin/true", "a question"]
            let aMinuteAgo = Date(timeIntervalSinceNow: -60)
            try Data("first".utf8).write(to: module)
            try FileManager.default.setAttributes([.modificationDate: aMinuteAgo], ofItemAtPath: module.path)
            let first = try #require(cache.key(of: question, files: [module.path]))
            let kept = try String(contentsOf: cache.directory.appendingPathComponent("file-digests"), encoding: .utf8)
            #expect(kept.contains(module.path), "the digest is kept for the next check: \(kept)")

            // The same size, written just now: only the content tells them apart.
            try Data("other".utf8).write(to: module)
            let changed = try #require(cache.key(of: question, files: [module.path]))
            #expect(changed != first)

            try Data("first".utf8).write(to: module)
            try FileManager.default.setAttributes([.modificationDate: aMinuteAgo], ofItemAtPath: module.path)
            #expect(cache.key(of: question, files: [module.path]) == first, "written again, the same bytes")

            #expect(cache.key(of: question + ["another"], files: [module.path]) != first, "another question")
            try FileManager.default.removeItem(at: module)
            #expect(cache.key(of: question, files: [module.path]) != first, "a module that is gone")
        }
    }

    @Test("A probe is answered from the kept answer until its text or a module in its search path changes")
    func probeAnswersAreKept() throws {
        try withFolder { folder in
            let toolchain = try Toolchain.locate()
            let cache = AnswerCache(directory: folder.appendingPathComponent("answers"))
            let modules = folder.appendingPathComponent("Modules")
            try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
            let module = modules.appendingPathComponent("Demo.swiftmodule")
            try Data("one build".utf8).write(to: module)
            let probe = folder.appendingPathComponent("DemoProbe.swift")
            try "let number: Int = \"text\"\n".write(to: probe, atomically: true, encoding: .utf8)
            let typecheck = {
                try CompileProbe.typecheck([probe], searchPaths: [modules], toolchain: toolchain, cache: cache)[0]
            }

            let asked = try typecheck()
            #expect(asked.status != 0 && asked.output.contains("error:"), "the compiler's answer: \(asked.output)")

            // A kept answer is what the next check reads: changed on disk, it is what comes back.
            let files = AnswerCache.files(in: [modules], extensions: ["swiftmodule"])
            let text = try String(contentsOf: probe, encoding: .utf8)
            let question = [toolchain.compiler.path, "-typecheck", probe.lastPathComponent, text]
            let key = try #require(cache.key(of: question, files: files))
            let kept = #"{"status":0,"standardOutput":"kept","standardError":""}"#
            cache.store(text: kept, in: "typecheck \(probe.lastPathComponent)", for: key)
            #expect(try typecheck().standardOutput == "kept", "the same probe over the same modules is not asked")

            try Data("another build".utf8).write(to: module)
            #expect(try typecheck().standardOutput != "kept", "a module in the search path changed")

            try "let number: Int = 1\n".write(to: probe, atomically: true, encoding: .utf8)
            #expect(try typecheck().status == 0, "the probe changed")
            let slots = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
                .filter { $0.hasPrefix("slot-") }
            #expect(slots.count == 1, "one answer a probe, the latest, whatever was built before: \(slots)")
        }
    }

    @Test("A checked module's symbol graphs are kept until its built module changes")
    func symbolGraphsAreKept() throws {
        let clean = try FixtureModule.compile(["CleanFeature"])
        defer { clean.remove() }
        let opened = try FixtureModule.compile(["CleanFeature", "Violations/OpenClass.swift"])
        defer { opened.remove() }
        try withFolder { folder in
            let cache = AnswerCache(directory: folder)
            let graphs = {
                try ModuleSurface.extractGraphs(
                    module: clean.name, modulesDirectory: clean.directory, minimumAccessLevel: "internal",
                    toolchain: clean.toolchain, cache: cache)
            }
            let names = { try Set(graphs().flatMap(\.symbols).compactMap(\.pathComponents.last)) }
            #expect(try names().contains("DemoResult"))

            // The kept graph is what the next check reads: renamed on disk, the name comes back renamed.
            let kept = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .flatMap { try FileManager.default.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
                .filter { $0.lastPathComponent == "DemoFeature.symbols.json" }
            let graph = try #require(kept.first)
            let text = try String(contentsOf: graph, encoding: .utf8)
            try text.replacingOccurrences(of: "\"DemoResult\"", with: "\"KeptResult\"")
                .write(to: graph, atomically: true, encoding: .utf8)
            #expect(try names().contains("KeptResult"), "the same module is not read again")

            // The module built again with an open class: a new question.
            let module = clean.directory.appendingPathComponent("DemoFeature.swiftmodule")
            try FileManager.default.removeItem(at: module)
            try FileManager.default.copyItem(
                at: opened.directory.appendingPathComponent("DemoFeature.swiftmodule"), to: module)
            let rebuilt = try names()
            #expect(rebuilt.contains("DemoStyle") && rebuilt.contains("DemoResult") && !rebuilt.contains("KeptResult"))
        }
    }
}
