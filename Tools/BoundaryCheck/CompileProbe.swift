public import Foundation
public import PackageReading

/// Hand-written probes in `Tools/Probes`: each file must compile, unless its first lines say
/// `// expect-error: <text>`, in which case it must fail with an error that contains the text.
///
/// They prove what the builders promise from the outside: every feature composes through its public builders,
/// and a coordinator handed a screen that is not its presenter does not compile.
public enum CompileProbe {
    /// The compiler arguments of every probe: typecheck only, Swift 6, the built modules, and nothing that opens
    /// a module (no `-enable-testing` import, no `-package-name`).
    public static func typecheckArguments(file: URL, searchPaths: [URL]) -> [String] {
        ["-typecheck", "-swift-version", "6", "-parse-as-library"] + Toolchain.searchArguments(searchPaths)
            + [file.path]
    }

    /// The error messages in compiler `output` for `file`, by line.
    static func errorsByLine(_ output: String, file: String) -> [Int: [String]] {
        var errors: [Int: [String]] = [:]
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: ": error: ") else { continue }
            let position = line[..<marker.lowerBound].split(separator: ":")
            guard position.count >= 3, position[position.count - 3].hasSuffix(file),
                let number = Int(position[position.count - 2])
            else { continue }
            errors[number, default: []].append(String(line[marker.upperBound...]))
        }
        return errors
    }

    /// Typechecks every probe in `directory` for which `including` is true (all of them by default) and returns
    /// the probes that did not behave as they say. With `answersDirectory`, what the compiler said is kept there
    /// by the probe's text and the built modules' content, and not asked again while both stay the same.
    public static func violations(
        directory: URL, modulesDirectory: URL, toolchain: Toolchain, displayRoot: URL, answersDirectory: URL? = nil,
        including: (URL) -> Bool = { _ in true }
    ) throws(ToolError) -> [Violation] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" && including($0) }.sorted { $0.path < $1.path }
        } catch {
            throw .unreadable("probes in \(directory.path): \(error)")
        }
        let results = try typecheck(
            files, searchPaths: [modulesDirectory], toolchain: toolchain,
            cache: answersDirectory.map { AnswerCache(directory: $0) })
        return zip(files, results).compactMap { file, result in
            violation(of: file, result: result, location: SourceImports.relativePath(of: file, to: displayRoot))
        }
    }

    /// Typechecks each of `files` against the modules in `searchPaths`, side by side, and returns what the compiler
    /// reported for each. An answer `cache` keeps for the same arguments, file name and text over the same modules
    /// (every `.swiftmodule` in `searchPaths`, by content) is not asked again.
    ///
    /// A new answer is kept in the file name's slot only when the compiler finished on its own (``isFinished(_:file:)``)
    /// and the modules are still as they were when it started: a build that ends meanwhile makes the answer one about
    /// modules that are gone.
    static func typecheck(
        _ files: [URL], searchPaths: [URL], toolchain: Toolchain, cache: AnswerCache?
    ) throws(ToolError) -> [ProcessResult] {
        let questions = files.map { file -> [String]? in
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
            let named = URL(fileURLWithPath: file.lastPathComponent)
            return [toolchain.compiler.path] + typecheckArguments(file: named, searchPaths: searchPaths) + [text]
        }
        let key = { (question: [String]?) -> String? in
            guard let cache, let question else { return nil }
            return cache.key(of: question, files: AnswerCache.files(in: searchPaths, extensions: ["swiftmodule"]))
        }
        let keys = questions.map(key)
        let slots = files.map { "typecheck \($0.lastPathComponent)" }
        var results: [ProcessResult?] = zip(keys, slots).map { key, slot in
            key.flatMap { cache?.text(in: slot, for: $0) }.flatMap { try? KeptResult.decode($0) }
        }
        let asked = results.indices.filter { results[$0] == nil }
        let answers = try Toolchain.runAll(
            asked.map { (toolchain.compiler, typecheckArguments(file: files[$0], searchPaths: searchPaths)) })
        for (index, answer) in zip(asked, answers) {
            results[index] = answer
            guard let cache, let before = keys[index], isFinished(answer, file: files[index]),
                key(questions[index]) == before, let text = try? KeptResult.encode(answer)
            else { continue }
            cache.store(text: text, in: slots[index], for: before)
        }
        return results.map { $0 ?? ProcessResult(status: 1, standardOutput: "", standardError: "") }
    }

    /// Whether the compiler finished typechecking `file` on its own, so its answer says something about the file:
    /// it succeeded, or it failed with errors located in the file, without crashing. A compiler killed, crashed or
    /// failing for another reason (a module it could not load) did not, and its answer is not kept.
    static func isFinished(_ result: ProcessResult, file: URL) -> Bool {
        if result.status == 0 { return true }
        let crashed = ["Stack dump", "failed due to signal", "PLEASE submit a bug report"].contains {
            result.output.contains($0)
        }
        return result.status == 1 && !crashed && !errorsByLine(result.output, file: file.lastPathComponent).isEmpty
    }

    /// A compiler's answer as it is kept: its status and both outputs, in JSON.
    private struct KeptResult: Codable {
        let status: Int32
        let standardOutput: String
        let standardError: String

        static func encode(_ result: ProcessResult) throws -> String {
            let kept = KeptResult(
                status: result.status, standardOutput: result.standardOutput, standardError: result.standardError)
            return String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        }

        static func decode(_ text: String) throws -> ProcessResult {
            let kept = try JSONDecoder().decode(KeptResult.self, from: Data(text.utf8))
            return ProcessResult(
                status: kept.status, standardOutput: kept.standardOutput, standardError: kept.standardError)
        }
    }

    /// The violation of the probe `file`, whose typecheck reported `result`, if it did not behave as it says.
    static func violation(of file: URL, result: ProcessResult, location: String) -> Violation? {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let expected = text.split(separator: "\n").prefix(20).compactMap { line in
            line.range(of: "// expect-error: ").map { String(line[$0.upperBound...]) }
        }
        let errors = result.output.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        let quotedErrors = errors.prefix(10).map { "    " + $0 }.joined(separator: "\n")
        if expected.isEmpty {
            guard result.status != 0 else { return nil }
            return Violation(
                rule: "compile-probe", location: location,
                problem: "the probe must compile from outside the modules but failed:\n" + quotedErrors,
                fix: "a public builder, listener, dependency or service changed: restore it, or update the probe if "
                    + "the published API changed on purpose")
        }
        let missing = expected.filter { fragment in !errors.contains { $0.contains(fragment) } }
        guard result.status == 0 || !missing.isEmpty else { return nil }
        return Violation(
            rule: "compile-probe", location: location,
            problem: result.status == 0
                ? "the probe must fail to compile (expected: \(expected.joined(separator: "; "))) but compiled"
                : "the probe failed, but without the expected error \(missing.joined(separator: "; ")):\n"
                    + quotedErrors,
            fix: "the compiler no longer refuses what the probe shows; restore the type-level guarantee rather than "
                + "editing the probe")
    }

    /// The checked module the probe `file` belongs to: of the checked modules it imports, the one whose `imports`
    /// rules reach all the others, so that module's own test target has built everything the probe reads
    /// (`ComposeProfileFeature.swift`, which imports Core and ProfileFeature, belongs to ProfileFeature; a probe
    /// of Core alone to Core). `nil` for a probe that composes modules none of which reaches the rest, such as
    /// every feature at once: it checks the package as a whole.
    public static func owner(of file: URL, rules: BoundaryRules) -> String? {
        let checked = Set(rules.checkedModules)
        let imported = Set(SourceImports.scan(file, displayRoot: file.deletingLastPathComponent()).map(\.module))
            .intersection(checked)
        let owners = imported.filter { candidate in
            imported.subtracting([candidate]).isSubset(of: reach(of: candidate, rules: rules))
        }
        return owners.count == 1 ? owners.first : nil
    }

    /// Every module `module` may import, directly or through the modules it may import.
    static func reach(of module: String, rules: BoundaryRules) -> Set<String> {
        var reached: Set<String> = []
        var pending = rules.imports[module] ?? []
        while let next = pending.popLast() {
            if reached.insert(next).inserted { pending += rules.imports[next] ?? [] }
        }
        return reached
    }
}
