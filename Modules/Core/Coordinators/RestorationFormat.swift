/// The kind and format version of a coordinator's restoration records, as
/// one value: the writer stamps its records with it and the reader checks them
/// against it, so the name and the version are spelled in one place.
///
/// ```swift
/// private static let restoration = RestorationFormat(kind: "login", version: 1)
///
/// override var restorationState: RestorationState? {
///     Self.restoration.record(values: ["email": email])
/// }
///
/// override func restore(from state: RestorationState) -> RestorationResult {
///     do { try Self.restoration.check(state) } catch { return .nearest(because: error) }
///     …
/// }
/// ```
public struct RestorationFormat: Equatable, Sendable {
    /// The name the coordinator recognises its records by, such as `"feed"`.
    public let kind: String
    /// The version the coordinator writes, and the newest it reads.
    public let version: Int
    /// The oldest version the coordinator still reads.
    public let oldestReadableVersion: Int

    /// The format of records of `kind` written in `version`, read back from
    /// `oldestReadableVersion` (by default only `version` itself) up to
    /// `version`.
    public init(kind: String, version: Int, oldestReadableVersion: Int? = nil) {
        self.kind = kind
        self.version = version
        self.oldestReadableVersion = min(oldestReadableVersion ?? version, version)
    }

    /// A record in this format holding `values` and the children's records.
    public func record(values: [String: String] = [:], children: [RestorationState] = []) -> RestorationState {
        RestorationState(kind: kind, version: version, values: values, children: children)
    }

    /// Checks that `state` is a record of this format, in a version it reads.
    ///
    /// - Throws: ``RestorationError/wrongKind(expected:found:)`` or
    ///   ``RestorationError/unsupportedVersion(kind:version:)``.
    public func check(_ state: RestorationState) throws(RestorationError) {
        try state.check(kind: kind, versions: oldestReadableVersion...version)
    }

    /// The child record of this format that `state` keeps, if any; a further one is dropped and said in
    /// `result` (see ``RestorationState/child(ofKind:into:)``).
    public func child(of state: RestorationState, into result: inout RestorationResult) -> RestorationState? {
        state.child(ofKind: kind, into: &result)
    }
}
