import ExecutableTesting
import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// A check that runs again asks the compiler only about what changed: the probes' answers and the checked modules'
/// symbol graphs are kept by the content of the built modules they read.
@Suite("Kept answers about built modules")
struct KeptAnswersTests {
    /// A new, empty folder in the tests' scratch space, removed after `body`.
    private func withFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let folder = ScratchSpace.directory.appendingPathComponent("kept-answers-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test("A module file counts by its content: written again the same it keeps the key, changed or gone it does not")
    func moduleFilesCountByContent() throws {
        try withFolder { folder in
            // Digests kept however recent the file, so the test decides when a file was written.
            let cache = AnswerCache(directory: folder.appendingPathComponent("answers"), settledAfter: 0)
            let module = folder.appendingPathComponent("Demo.swiftmodule")
            let question = ["/usr/bin/true", "a question"]
            try Data("first".utf8).write(to: module)
            let firstStamp = try #require(AnswerCache.FileStamp(path: module.path))
            let first = try #require(cache.key(of: question, files: [module.path]))
            let kept = try String(contentsOf: cache.directory.appendingPathComponent("file-digests"), encoding: .utf8)
            #expect(kept.contains(module.path), "the digest is kept for the next check: \(kept)")

            // The same size and, set back, the same modification time: the change time still tells.
            repeat {
                try Data("other".utf8).write(to: module)
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSince1970: Double(firstStamp.modified) / 1e9)],
                    ofItemAtPath: module.path)
            } while AnswerCache.FileStamp(path: module.path)?.changed == firstStamp.changed
            let changed = try #require(cache.key(of: question, files: [module.path]))
            #expect(changed != first)

            try Data("first".utf8).write(to: module)
            #expect(cache.key(of: question, files: [module.path]) == first, "written again, the same bytes")

            #expect(cache.key(of: question + ["another"], files: [module.path]) != first, "another question")
            // The tool counts by its stamp: a tool installed again asks again.
            let tool = folder.appendingPathComponent("tool")
            try Data("a tool".utf8).write(to: tool)
            let toolStamp = AnswerCache.FileStamp(path: tool.path)
            let byTool = cache.key(of: [tool.path], files: [module.path])
            repeat { try Data("a tool".utf8).write(to: tool) } while AnswerCache.FileStamp(path: tool.path) == toolStamp
            #expect(cache.key(of: [tool.path], files: [module.path]) != byTool, "the tool was written again")
            try FileManager.default.removeItem(at: module)
            #expect(cache.key(of: question, files: [module.path]) != first, "a module that is gone")
        }
    }

    @Test("An answer takes the place of a folder an earlier checker left where it belongs, and is read back")
    func folderInTheWayIsReplaced() throws {
        try withFolder { folder in
            let cache = AnswerCache(directory: folder)
            let slot = folder.appendingPathComponent("slot-graphs_Demo_internal")
            try FileManager.default.createDirectory(at: slot, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: slot.appendingPathComponent("Demo.symbols.json"))

            cache.store(text: "the graphs", in: "graphs Demo internal", for: "a key")

            #expect(cache.text(in: "graphs Demo internal", for: "a key") == "the graphs")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == ["slot-graphs_Demo_internal"], "no temporary file left: \(names)")
        }
    }

    @Test("A file's kept digest is trusted while its stamp holds, and taken again while the file is recent")
    func keptDigestsAreRead() throws {
        try withFolder { folder in
            let module = folder.appendingPathComponent("Demo.swiftmodule")
            try Data("content".utf8).write(to: module)
            let stamp = try #require(AnswerCache.FileStamp(path: module.path))
            let question = ["/usr/bin/true"]
            let ofContent = try #require(
                AnswerCache(directory: folder.appendingPathComponent("fresh")).key(of: question, files: [module.path]))
            // Another check kept a digest for this very stamp: it is read, not the file.
            let answers = folder.appendingPathComponent("answers")
            try FileManager.default.createDirectory(at: answers, withIntermediateDirectories: true)
            try "0123456789abcdef0123456789abcdef \(stamp) \(module.path)\n"
                .write(to: answers.appendingPathComponent("file-digests"), atomically: true, encoding: .utf8)
            let trusting = AnswerCache(directory: answers, settledAfter: 0)
            #expect(trusting.key(of: question, files: [module.path]) != ofContent)
            // Written just now, the same file is read whatever was kept for it.
            let recent = AnswerCache(directory: answers)
            #expect(recent.key(of: question, files: [module.path]) == ofContent)
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
            let slot = try #require(
                try FileManager.default.contentsOfDirectory(at: cache.directory, includingPropertiesForKeys: nil)
                    .first { $0.lastPathComponent.hasPrefix("slot-") })
            let kept = try String(contentsOf: slot, encoding: .utf8)
            let keyLine = try #require(kept.split(separator: "\n").first)
            try (keyLine + "\n" + #"{"status":0,"standardOutput":"kept","standardError":""}"#)
                .write(to: slot, atomically: true, encoding: .utf8)
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

    @Test("A compiler that was killed or failed without a word on the probe is not kept, and the probe says so")
    func unfinishedAnswersAreNotKept() throws {
        try withFolder { folder in
            let cache = AnswerCache(directory: folder.appendingPathComponent("answers"))
            let probe = folder.appendingPathComponent("DemoProbe.swift")
            try "let number = 1\n".write(to: probe, atomically: true, encoding: .utf8)
            let compiler = { (name: String, script: String) throws -> Toolchain in
                let file = folder.appendingPathComponent(name)
                try ("#!/bin/sh\n" + script).write(to: file, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
                return Toolchain(compiler: file, symbolGraphExtractor: file, packageManager: file)
            }
            let slots = {
                try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 == "answers" }.flatMap {
                    try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent($0).path)
                        .filter { $0.hasPrefix("slot-") }
                }
            }
            let killed = try compiler("killed", "kill -9 $$\n")
            let silent = try compiler("silent", "echo 'error: no such module' >&2; exit 1\n")
            let located = try compiler("located", "for file; do :; done; echo \"$file:1:5: error: no\" >&2; exit 1\n")
            for toolchain in [killed, silent] {
                let result = try CompileProbe.typecheck([probe], searchPaths: [], toolchain: toolchain, cache: cache)[0]
                #expect(result.status != 0)
                #expect(try slots().isEmpty, "\(toolchain.compiler.lastPathComponent): nothing kept")
            }
            #expect(throws: ToolError.self, "a probe is not read as if every line compiled") {
                try AccessProbe.typecheck(
                    [("let number = 1", "DemoProbe")], searchPaths: [], toolchain: killed, cache: nil)
            }
            _ = try CompileProbe.typecheck([probe], searchPaths: [], toolchain: located, cache: cache)
            #expect(try slots().count == 1, "an error on the probe's lines is an answer")
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

            // The kept graphs are what the next check reads: renamed on disk, the name comes back renamed.
            let slot = folder.appendingPathComponent("slot-graphs_DemoFeature_internal")
            let kept = try String(contentsOf: slot, encoding: .utf8)
            try kept.replacingOccurrences(of: "DemoResult", with: "KeptResult")
                .write(to: slot, atomically: true, encoding: .utf8)
            #expect(try names().contains("KeptResult"), "the same modules are not read again")

            // Any other built module counts: the graphs name its types.
            let other = clean.directory.appendingPathComponent("Other.swiftmodule")
            try Data("another module".utf8).write(to: other)
            #expect(try !names().contains("KeptResult"), "another module changed")

            // A damaged answer is asked again, and replaced.
            try String(kept.prefix(kept.count / 2)).write(to: slot, atomically: true, encoding: .utf8)
            #expect(try names().contains("DemoResult"))
            #expect(try String(contentsOf: slot, encoding: .utf8).count > kept.count / 2, "the slot was replaced")

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
