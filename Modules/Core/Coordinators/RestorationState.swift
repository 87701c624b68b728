/// What a coordinator records about itself so that a later process can show
/// the same place again: opaque, versioned data that only the coordinator that
/// wrote it reads.
///
/// The coordinator chooses its ``kind`` (a name it recognises its records by),
/// its format ``version``, its ``values`` and which of its children's states it
/// keeps in ``children``. Everyone else, the app that saves the record included,
/// treats it as a black box: the app encodes it (it is `Codable`) and hands it
/// back to the root's ``Coordinator/restore(from:)`` in the next process.
///
/// Keep in a record only what the person would miss (the selected tab, the
/// screen they were reading, the text they typed), never a secret: a secure
/// field's value does not belong in a record.
public struct RestorationState: Codable, Equatable, Sendable {
    /// The name the writing coordinator recognises its records by, such as
    /// `"feed"`.
    public var kind: String
    /// The writer's format version, so a later release can read an older
    /// record, or refuse it, on purpose.
    public var version: Int
    /// The writer's values, such as `["segment": "popular"]`.
    public var values: [String: String]
    /// The states of the children the writer chose to keep, in the order it
    /// chose.
    public var children: [RestorationState]

    /// Creates a record.
    public init(kind: String, version: Int, values: [String: String] = [:], children: [RestorationState] = []) {
        self.kind = kind
        self.version = version
        self.values = values
        self.children = children
    }

    /// Checks that the record was written by a coordinator of `kind` in a
    /// format version this reader knows.
    ///
    /// - Throws: ``RestorationError/wrongKind(expected:found:)`` or
    ///   ``RestorationError/unsupportedVersion(kind:version:)``.
    public func check(kind expectedKind: String, versions: ClosedRange<Int>) throws(RestorationError) {
        guard kind == expectedKind else { throw .wrongKind(expected: expectedKind, found: kind) }
        guard versions.contains(version) else { throw .unsupportedVersion(kind: kind, version: version) }
    }

    /// The value of `key`.
    ///
    /// - Throws: ``RestorationError/missingValue(kind:key:)`` when the record
    ///   has no such value.
    public func value(_ key: String) throws(RestorationError) -> String {
        guard let value = values[key] else { throw .missingValue(kind: kind, key: key) }
        return value
    }

    /// The value of `key` read as `Value` (for example an enumeration with a
    /// `String` raw value), or `nil` when the record has no such value.
    ///
    /// - Throws: ``RestorationError/invalidValue(kind:key:)`` when the value is
    ///   there but `Value` does not accept it.
    public func value<Value: RawRepresentable>(
        _ key: String, as type: Value.Type
    ) throws(RestorationError) -> Value? where Value.RawValue == String {
        guard let text = values[key] else { return nil }
        guard let value = Value(rawValue: text) else { throw .invalidValue(kind: kind, key: key) }
        return value
    }

    /// The child state of `kind`, if the record keeps one.
    ///
    /// A record keeps at most one child of a kind, as a coordinator shows at most one child in each place: a
    /// further one (only a crafted or damaged record holds one) is dropped, and `result` says so in one line.
    public func child(ofKind kind: String, into result: inout RestorationResult) -> RestorationState? {
        let matching = children.filter { $0.kind == kind }
        switch matching.count {
        case 0, 1: break
        case 2: result.append(.noLongerApplies("a second '\(kind)' record was dropped"))
        default: result.append(.noLongerApplies("\(matching.count - 1) more '\(kind)' records were dropped"))
        }
        return matching.first
    }
}

/// Why a record, or part of it, could not be restored as written.
public enum RestorationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The record was written by another kind of coordinator.
    case wrongKind(expected: String, found: String)
    /// The record's format is older or newer than this release reads.
    case unsupportedVersion(kind: String, version: Int)
    /// The record lacks a value its format requires.
    case missingValue(kind: String, key: String)
    /// A value of the record is not one its format allows.
    case invalidValue(kind: String, key: String)
    /// The record is well formed, but what it points at no longer applies (a
    /// deleted post, a session that ended); `reason` says what, as a sentence
    /// fragment such as "the post '7' no longer exists".
    case noLongerApplies(String)
    /// The coordinator that was handed the record does not take part in
    /// restoration; `coordinator` is its ``Coordinator/name``.
    case notRestorable(coordinator: String)
    /// Not now: the step that would show `coordinator` (its
    /// ``Coordinator/name``) was not tried because screens were moving in its
    /// window. The record may still apply: restore again once the window is
    /// idle. (``noLongerApplies(_:)`` means the record cannot apply as written,
    /// and trying again will not help.)
    case screensMoving(coordinator: String)

    /// The problem as a sentence fragment, for a one-line notice.
    public var description: String {
        switch self {
        case .wrongKind(let expected, let found): "a '\(found)' record was found where '\(expected)' was expected"
        case .unsupportedVersion(let kind, let version): "the '\(kind)' record has format version \(version)"
        case .missingValue(let kind, let key): "the '\(kind)' record has no '\(key)'"
        case .invalidValue(let kind, let key): "the '\(kind)' record has an invalid '\(key)'"
        case .noLongerApplies(let reason): reason
        case .notRestorable(let coordinator): "\(coordinator) does not restore a record"
        case .screensMoving(let coordinator): "\(coordinator) cannot be shown while the screens move"
        }
    }
}

/// What ``Coordinator/restore(from:)`` did: everything was restored, or the
/// nearest valid place was shown instead and ``problems`` says why.
///
/// Restoring never fails as a whole: a coordinator that cannot restore part of
/// its record shows the nearest place that is still valid (the feed without the
/// deleted post, the first sign-up step) and reports what it skipped, so a
/// stale record never keeps a person from starting the app.
public struct RestorationResult: Equatable, Sendable {
    /// What could not be restored, outermost coordinator first; empty when the
    /// record was restored as written.
    public private(set) var problems: [RestorationError]

    /// Creates a result with `problems`.
    public init(problems: [RestorationError] = []) {
        self.problems = problems
    }

    /// A record restored as written.
    public static var restored: RestorationResult { RestorationResult() }

    /// A record restored only up to the nearest valid place, because of `problem`.
    public static func nearest(because problem: RestorationError) -> RestorationResult {
        RestorationResult(problems: [problem])
    }

    /// Whether the record was restored as written.
    public var isComplete: Bool { problems.isEmpty }

    /// Adds the problems of `other`, a child's result, after this one's.
    public mutating func merge(_ other: RestorationResult) {
        problems += other.problems
    }

    /// Adds `problem`.
    public mutating func append(_ problem: RestorationError) {
        problems.append(problem)
    }
}
