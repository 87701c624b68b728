import PackageReading
import Synchronization

/// The surfaces a checker has extracted, by module and access level, so that each check of one run reads a
/// module's symbol graph once: the baseline, the feature rules and the access probe all need the same surfaces,
/// and extracting and decoding a symbol graph costs far more than comparing it.
final class SurfaceCache: Sendable {
    private let surfaces = Mutex<[String: ModuleSurface]>([:])
    private let graphs = Mutex<[String: [SymbolGraph]]>([:])

    /// The symbol graphs stored under `module`, or the ones `extract` returns, stored for next time.
    func graphs(
        of module: String, orExtract extract: () throws(ToolError) -> [SymbolGraph]
    ) throws(ToolError) -> [SymbolGraph] {
        if let cached = graphs.withLock({ $0[module] }) { return cached }
        let extracted = try extract()
        graphs.withLock { $0[module] = extracted }
        return extracted
    }

    /// The surface stored under `module` and `accessLevel`, if there is one.
    func cached(of module: String, accessLevel: String) -> ModuleSurface? {
        surfaces.withLock { $0["\(accessLevel) \(module)"] }
    }

    /// The surface stored under `module` and `accessLevel`, or the one `extract` returns, stored for next time.
    func surface(
        of module: String, accessLevel: String, orExtract extract: () throws(ToolError) -> ModuleSurface
    ) throws(ToolError) -> ModuleSurface {
        let key = "\(accessLevel) \(module)"
        if let cached = surfaces.withLock({ $0[key] }) { return cached }
        let surface = try extract()
        surfaces.withLock { $0[key] = surface }
        return surface
    }
}
