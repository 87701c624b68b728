/// Checks what a feature module publishes against its feature rule: `[feature-surface]`, `[no-open]`,
/// `[no-package]` and `[no-screen]`, each as `docs/boundary-check.md` and `Tools/BoundaryRules.txt` describe it.
public enum FeatureSurfaceCheck {
    /// The violations of `surface` (the public surface of a feature) against `feature`'s rule.
    ///
    /// - Parameter internalSurface: the surface down to internal, to find `package` declarations; optional.
    public static func violations(
        surface: ModuleSurface, internalSurface: ModuleSurface?, feature: BoundaryRules.Feature,
        rules: BoundaryRules, rulesPath: String
    ) -> [Violation] {
        modifierViolations(surface: surface, internalSurface: internalSurface, module: feature.module)
            + topLevelViolations(surface: surface, feature: feature, rules: rules, rulesPath: rulesPath)
    }

    /// The top-level declarations a feature may publish, by identifier: its roles, its `publish` names, and every
    /// type their declarations mention, transitively through the members of each.
    static func allowedTypes(
        surface: ModuleSurface, feature: BoundaryRules.Feature, rules: BoundaryRules
    ) -> Set<String> {
        let named = Set(feature.roleNames + (rules.extraPublished[feature.module] ?? []))
        let topLevel = Set(surface.topLevelSymbols.map(\.identifier))
        let declarationsByOwner = Dictionary(grouping: surface.symbols) { surface.topLevelOwner(of: $0.identifier) }
        var queue = surface.topLevelSymbols.filter { named.contains($0.name) }.map(\.identifier)
        var allowed = Set(queue)
        while let identifier = queue.popLast() {
            for mentioned in (declarationsByOwner[identifier] ?? []).flatMap(\.mentionedIdentifiers) {
                let owner = surface.topLevelOwner(of: mentioned)
                if topLevel.contains(owner), allowed.insert(owner).inserted { queue.append(owner) }
            }
        }
        return allowed
    }

    /// `[no-open]`, `[no-package]`, and `[feature-surface]` for a public member of another module's type.
    static func modifierViolations(
        surface: ModuleSurface, internalSurface: ModuleSurface?, module: String
    ) -> [Violation] {
        let open = surface.symbols.filter { $0.accessLevel == "open" }.map { symbol in
            Violation(
                rule: "no-open", location: symbol.pathAndLocation,
                problem: "\(module) declares `open \(symbol.kind) \(symbol.name)`; other modules could "
                    + (symbol.isType ? "subclass" : "override") + " it",
                fix: symbol.isType
                    ? "declare it `public final class` if it is the builder, otherwise make it internal"
                    : "declare it `public` (or `final`) or internal")
        }
        let package = (internalSurface?.symbols ?? []).filter { $0.accessLevel == "package" }.map { symbol in
            Violation(
                rule: "no-package", location: symbol.pathAndLocation,
                problem: "\(module) declares `package \(symbol.kind) \(symbol.name)`, which every target of the "
                    + "package can use",
                fix: "make it internal (or public, if it belongs to the feature's published API)")
        }
        let extensions = surface.symbols.filter { ($0.extendedModule ?? module) != module }.map { symbol in
            Violation(
                rule: "feature-surface", location: symbol.pathAndLocation,
                problem: "\(module) publishes `\(symbol.name)` in an extension of \(symbol.extendedModule ?? "")'s "
                    + "type \(symbol.pathComponents.dropLast().joined(separator: "."))",
                fix: "make the extension member internal; a feature publishes only its builder roles")
        }
        return open + package + extensions
    }

    /// `[no-screen]`, and `[feature-surface]` for a published class other than the builder or a type no role
    /// allows.
    static func topLevelViolations(
        surface: ModuleSurface, feature: BoundaryRules.Feature, rules: BoundaryRules, rulesPath: String
    ) -> [Violation] {
        let module = feature.module
        let roleNames = Set(feature.roleNames)
        let allowed = allowedTypes(surface: surface, feature: feature, rules: rules)
        return surface.topLevelSymbols.sorted(by: { $0.path < $1.path }).compactMap { symbol in
            let screenBase =
                symbol.kind == "class"
                ? rules.screenBases.first { surface.inherits(symbol.identifier, from: $0) } : nil
            let screenSuffix = rules.screenSuffixes.first { symbol.name.hasSuffix($0) }
            if !roleNames.contains(symbol.name), screenBase != nil || screenSuffix != nil {
                let why =
                    if let screenBase { "a subclass of \(screenBase)" } else {
                        "named like a screen, view model or coordinator (suffix \(screenSuffix ?? ""))"
                    }
                return Violation(
                    rule: "no-screen", location: symbol.pathAndLocation,
                    problem: "\(module) publishes \(symbol.kind) \(symbol.name), \(why); screens, view models and "
                        + "coordinators are the feature's implementation",
                    fix: "make \(symbol.name) internal; parents get the screen as `any ViewControllerable` from the "
                        + "coordinator that \(feature.prefix)Container builds")
            }
            if symbol.kind == "class", symbol.name != "\(feature.prefix)Container" {
                return Violation(
                    rule: "feature-surface", location: symbol.pathAndLocation,
                    problem: "\(module) publishes class \(symbol.name); the only public class of a feature is its "
                        + "builder \(feature.prefix)Container",
                    fix: "make \(symbol.name) internal, or publish a protocol or value type in its place")
            }
            guard !allowed.contains(symbol.identifier) else { return nil }
            return Violation(
                rule: "feature-surface", location: symbol.pathAndLocation,
                problem: "\(module) publishes \(symbol.kind) \(symbol.name), which is neither a builder role "
                    + "(\(feature.roleNames.joined(separator: ", "))) nor mentioned by one",
                fix: "make \(symbol.name) internal, or if it belongs to the feature's API, mention it from a role or "
                    + "add `publish \(module): \(symbol.name)` to \(rulesPath)")
        }
    }
}
