import Foundation
public import PackageReading

/// The rules file (`Tools/BoundaryRules.txt`): which modules are checked, what features may publish, and which
/// target may import which.
///
/// One rule a line, `keyword [subject]: values`; `#` starts a comment. The file itself explains each rule.
public struct BoundaryRules: Sendable, Equatable {
    /// A feature module and the prefix of its builder roles (`Login` for `LoginContainable` …).
    public struct Feature: Sendable, Equatable {
        /// The module's name, such as `LoginFeature`.
        public let module: String
        /// The prefix of its role names, such as `Login`.
        public let prefix: String

        /// The names a feature publishes by role: builder protocol, builder, listener, dependency, coordinator.
        public var roleNames: [String] {
            ["Containable", "Container", "Listener", "Dependency", "Coordinating"].map { prefix + $0 }
        }
    }

    /// Shared modules (`library M`): pinned by their baseline, free otherwise.
    public private(set) var libraries: [String] = []
    /// Feature modules (`feature M: Prefix`).
    public private(set) var features: [Feature] = []
    /// Names a feature may publish beyond its roles and what they mention (`publish M: Name…`).
    public private(set) var extraPublished: [String: [String]] = [:]
    /// Classes whose subclasses are screens or coordinators (`screen-base: Class…`).
    public private(set) var screenBases: [String] = []
    /// Suffixes of names that are screens, view models or coordinators (`screen-suffix: Suffix…`).
    public private(set) var screenSuffixes: [String] = []
    /// The package modules each target may import and depend on (`imports T: M…`).
    public private(set) var imports: [String: [String]] = [:]
    /// The package modules a target may depend on without importing them (`builds T: M…`).
    public private(set) var builds: [String: [String]] = [:]
    /// The line of the rules file that names each module in an `imports` or `builds` rule, by `"imports T: M"` (or
    /// `"builds T: M"`; `"imports T: T"` for the rule's target itself), the first where it is named twice: where a
    /// violation of the rule's own points.
    public private(set) var valueLines: [String: Int] = [:]
    /// Modules only test targets may import (`test-only: M…`).
    public private(set) var testOnly: [String] = []
    /// Targets that are not test targets but drive the package as tests do, so they may use the test-only
    /// modules their import rule allows (`test-tool: T…`).
    public private(set) var testTools: [String] = []

    /// Whether `target` may use the test-only modules: it is a test target or a test tool.
    public func mayUseTestOnlyModules(_ target: PackageManifest.Target) -> Bool {
        target.isTest || testTools.contains(target.name)
    }

    /// Every module whose surface is checked: the libraries, then the features.
    public var checkedModules: [String] { libraries + features.map(\.module) }

    /// The feature rule of `module`, if it is a feature.
    public func feature(_ module: String) -> Feature? { features.first { $0.module == module } }

    /// The rules of a package without a rules file, as its text: every target named `XFeature` is a feature
    /// with prefix `X` that imports no other module of the package, the other targets import what they like,
    /// and screens are recognised by the Core classes they inherit from and by their names. The classes are named
    /// as the package's modules see them: by the alias a target gives the `Core` product it depends on
    /// (`moduleAliases: ["Core": "CoordinatorCore"]`), else `Core`.
    public static func defaults(for targets: [PackageManifest.Target]) -> String {
        let core =
            targets.lazy.flatMap(\.productDependencies).filter { $0.name == "Core" }
            .compactMap { $0.moduleAliases["Core"] }.first ?? "Core"
        let sources = targets.filter { ["regular", "executable"].contains($0.kind) }.map(\.name)
        let features = sources.filter { $0.hasSuffix("Feature") && $0 != "Feature" }
        var lines = features.map { "feature \($0): \($0.dropLast("Feature".count))\nimports \($0):" }
        for target in sources where !features.contains(target) {
            lines.append("imports \(target): " + sources.filter { $0 != target }.joined(separator: " "))
        }
        return
            (lines + [
                "screen-base: \(core).ViewController \(core).ContainerViewController \(core).NavigationController",
                "screen-base: \(core).Coordinator \(core).ViewableCoordinator",
                "screen-suffix: ViewController Screen ViewModel Coordinator Presenter Interactor Router",
            ]).joined(separator: "\n")
    }

    /// How each rule is written, by its keyword, for the message that refuses a line.
    private static let forms = [
        "library": "library M", "feature": "feature M: Prefix", "publish": "publish M: Name...",
        "screen-base": "screen-base: Class...", "screen-suffix": "screen-suffix: Suffix...",
        "imports": "imports T: M...", "builds": "builds T: M...", "test-only": "test-only: M...",
        "test-tool": "test-tool: T...",
    ]

    /// Why the line at `place`, which starts with `keyword`, is refused: how its rule is written, or which rules
    /// there are.
    private static func refusal(of keyword: String, at place: String) -> ToolError {
        if let form = forms[keyword] {
            return .invalidRule("\(place): \(keyword == "imports" ? "an" : "a") \(keyword) rule is written `\(form)`")
        }
        let start = keyword.isEmpty ? "a rule starts with its keyword" : "no rule starts with `\(keyword)`"
        let known = forms.sorted { $0.key < $1.key }.map { "`\($0.value)`" }.joined(separator: ", ")
        return .invalidRule("\(place): \(start); a rule is one of \(known)")
    }

    /// Parses the rules file's text. `file` names it in error messages.
    public static func parse(_ text: String, file: String) throws(ToolError) -> BoundaryRules {
        var rules = BoundaryRules()
        // `imports` and `builds` rules, read once every module is known, for their values may say `libraries`.
        var targetRules: [(WritableKeyPath<BoundaryRules, [String: [String]]>, String, [String])] = []
        // The line of the `library` or `feature` rule that names each checked module.
        var checkedAt: [String: Int] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let head = parts[0].split(separator: " ").map(String.init)
            let values = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
            let keyword = head.first ?? ""
            let subject = head.count > 1 ? head[1] : nil
            let place = "\(file):\(offset + 1): `\(line)`"
            if ["library", "feature"].contains(keyword), let module = subject, let first = checkedAt[module] {
                throw .invalidRule("\(place): \(module) is checked already, by line \(first); name it once")
            }
            switch (keyword, subject, parts.count) {
            case ("library", let module?, 1):
                rules.libraries.append(module)
                checkedAt[module] = offset + 1
            case ("feature", let module?, 2):
                guard values.count == 1 else { throw refusal(of: keyword, at: place) }
                rules.features.append(Feature(module: module, prefix: values[0]))
                checkedAt[module] = offset + 1
            case ("publish", let module?, 2): rules.extraPublished[module, default: []] += values
            case ("screen-base", nil, 2): rules.screenBases += values
            case ("screen-suffix", nil, 2): rules.screenSuffixes += values
            case ("imports", let target?, 2), ("builds", let target?, 2):
                targetRules.append((keyword == "imports" ? \.imports : \.builds, target, values))
                // The rule's own line under its target's name, each value's under the value's.
                for name in [target] + values where rules.valueLines["\(keyword) \(target): \(name)"] == nil {
                    rules.valueLines["\(keyword) \(target): \(name)"] = offset + 1
                }
            case ("test-only", nil, 2): rules.testOnly += values
            case ("test-tool", nil, 2): rules.testTools += values
            default: throw refusal(of: keyword, at: place)
            }
        }
        let libraries = rules.checkedModules
        for (rule, target, values) in targetRules {
            rules[keyPath: rule][target, default: []] += values.flatMap { $0 == "libraries" ? libraries : [$0] }
        }
        return rules
    }
}
