public import Core

/// How the explorer talks to one of its workers: it sends a request, then reads the answer, one at a time. An
/// ``ExplorationWorker`` is one in the same process; a worker in another process is reached through pipes, each
/// message as it was sent.
@MainActor
public protocol ExplorationWorkerChannel: AnyObject {
    /// Sends the worker one request.
    func send(_ request: [UInt8]) throws
    /// The worker's answer to the request sent last.
    func receive() throws -> [UInt8]
}

/// Explores what ``explore(depth:stateBudget:deepLinks:sampleText:start:)`` explores, with `workers` sharing the
/// work: each takes a share of the states of every level, tries their inputs on subjects of its own, and answers
/// with what each input did; the explorer merges the answers in the order of the states and their inputs, so it
/// finds the same states in the same order, the same transitions and the same violations as one explorer alone.
/// Workers in other processes (each an ``ExplorationWorker`` answering through pipes) explore at the same time.
///
/// Each worker must be made with the same depth, state budget, deep links, sample text and start; with no worker,
/// this is ``explore(depth:stateBudget:deepLinks:sampleText:start:)``.
///
/// - Throws: what `start` throws, what a channel throws, and ``ExplorationWireError`` when an answer cannot be
///   read.
@MainActor
public func explore(
    depth: Int, stateBudget: Int = 1_000, deepLinks: [ExplorationDeepLink] = [],
    sampleText: @escaping @MainActor (_ screenID: String, _ field: TextField) -> String = { _, _ in "sample" },
    workers: [any ExplorationWorkerChannel], start: @escaping @MainActor () throws -> ExplorationSubject
) throws -> ExplorationReport {
    let explorer = Explorer(
        depth: max(0, depth), stateBudget: max(1, stateBudget), deepLinks: deepLinks, sampleText: sampleText,
        start: start)
    return workers.isEmpty ? try explorer.run() : try explorer.run(workers: workers)
}

/// One worker of ``explore(depth:stateBudget:deepLinks:sampleText:workers:start:)``: it answers each request with
/// what every input of its share of a level did. As a channel it answers in the same process; a worker process
/// hands each request it reads to ``respond(to:)`` and writes the answer back.
@MainActor
public final class ExplorationWorker: ExplorationWorkerChannel {
    private let explorer: Explorer
    private var answer: [UInt8]?

    /// A worker for an exploration made with the same arguments.
    public init(
        depth: Int, stateBudget: Int = 1_000, deepLinks: [ExplorationDeepLink] = [],
        sampleText: @escaping @MainActor (_ screenID: String, _ field: TextField) -> String = { _, _ in "sample" },
        start: @escaping @MainActor () throws -> ExplorationSubject
    ) {
        explorer = Explorer(
            depth: max(0, depth), stateBudget: max(1, stateBudget), deepLinks: deepLinks, sampleText: sampleText,
            start: start)
        explorer.isWorker = true
    }

    /// The answer to `request`, a request of the explorer.
    ///
    /// - Throws: ``ExplorationWireError`` when the request cannot be read, and what the subject's start throws.
    public func respond(to request: [UInt8]) throws -> [UInt8] {
        try explorer.respond(to: request)
    }

    /// Answers `request` at once; ``receive()`` returns the answer.
    public func send(_ request: [UInt8]) throws {
        answer = try respond(to: request)
    }

    /// The answer to the request sent last.
    ///
    /// - Throws: ``ExplorationWireError`` when no request was sent since the last answer.
    public func receive() throws -> [UInt8] {
        guard let answer else { throw ExplorationWireError("no request to answer") }
        self.answer = nil
        return answer
    }
}

/// A state a worker found in a level, which the explorer it works for registers after the level: the path it was
/// found by, what the subject that found it read there, and the subjects that show it, that one first.
@MainActor
struct ProvisionalState {
    let path: [ExplorationInput]
    var subjects: [Explorer.LiveSubject]
    let exactDigest: ExplorationKeyDigest.Value?
    let typedExactDigest: ExplorationKeyDigest.Value?
    let unseenState: AnyHashable?
    let knowsUnseenState: Bool
    let snapshot: ExplorationSnapshot?
}

/// The kinds of request.
private enum ExplorationRequest {
    /// Every subject left is torn down; the answer is the violations found meanwhile.
    static let finish = 0
    /// The states found since the last request, the ways out of the states explored, and the states to explore.
    static let level = 1
}

extension Explorer {
    // MARK: - The explorer's side

    /// ``run()`` with `workers` exploring each level.
    func run(workers: [any ExplorationWorkerChannel]) throws -> ExplorationReport {
        let (first, firstSubject) = try begin()
        register(first, path: [])
        if let firstSubject { try tearDown(firstSubject) }
        var level = [0]
        var announced = 0
        var finders = [0: 0]
        var exploredBefore: [Int] = []
        while true {
            let explored = level.filter { paths[$0].count < depth }
            if explored.isEmpty { break }
            let owners = owners(of: explored, finders: finders, workers: workers.count)
            var shares = Array(repeating: [Int](), count: workers.count)
            for state in explored { shares[owners[state] ?? 0].append(state) }
            for (index, worker) in workers.enumerated() {
                var writer = ExplorationWireWriter()
                writer.write(ExplorationRequest.level)
                writeStates(announced..<keys.count, to: &writer)
                writer.write(exploredBefore.count)
                for state in exploredBefore {
                    writer.write(state)
                    writer.write(ways[state].count)
                    for way in ways[state] {
                        writer.write(way.input)
                        writer.write(way.target)
                    }
                }
                writer.write(shares[index].count)
                for state in shares[index] { writer.write(state) }
                try worker.send(writer.bytes)
            }
            announced = keys.count
            var results: [Int: [WorkerResult]] = [:]
            var found: [(state: Int, input: Int, violation: ExplorationViolation)] = []
            for (index, worker) in workers.enumerated() {
                var reader = ExplorationWireReader(try worker.receive())
                for state in shares[index] {
                    let count = try reader.readCount()
                    guard count == inputs(at: state).count else {
                        throw ExplorationWireError("a worker tried other inputs than the state offers")
                    }
                    results[state] = try (0..<count).map { _ in try WorkerResult(from: &reader) }
                }
                found += try Self.readViolations(from: &reader)
                guard reader.isAtEnd else { throw ExplorationWireError() }
            }
            var next: [Int] = []
            finders = [:]
            for state in explored {
                expanded.insert(state)
                for (index, input) in inputs(at: state).enumerated() {
                    guard let step = results[state]?[index], step.accepted else { continue }
                    transitionCount += 1
                    if let known = indexOfKey[step.keyDigest] {
                        edges[state].insert(known)
                        ways[state].append((input, known))
                    } else if keys.count < stateBudget {
                        guard let new = step.new else {
                            throw ExplorationWireError("a worker did not describe a state it found first")
                        }
                        let index = register(new, path: paths[state] + [input], from: state)
                        edges[state].insert(index)
                        ways[state].append((input, index))
                        next.append(index)
                        finders[index] = owners[state]
                    } else {
                        // Past the budget the edge leads nowhere known, so the state's way back cannot be judged.
                        expanded.remove(state)
                        reachedStateBudget = true
                    }
                }
            }
            // Violations in the order a lone explorer finds them: by state, then by input.
            for (_, _, violation) in found.enumerated().sorted(by: {
                ($0.element.state, $0.element.input, $0.offset) < ($1.element.state, $1.element.input, $1.offset)
            }).map(\.element) {
                record(violation.invariant, violation.message, path: violation.path, script: violation.script)
            }
            exploredBefore = explored
            level = next
        }
        for worker in workers {
            var writer = ExplorationWireWriter()
            writer.write(ExplorationRequest.finish)
            try worker.send(writer.bytes)
        }
        for worker in workers {
            var reader = ExplorationWireReader(try worker.receive())
            for (_, _, violation) in try Self.readViolations(from: &reader) {
                record(violation.invariant, violation.message, path: violation.path, script: violation.script)
            }
            guard reader.isAtEnd else { throw ExplorationWireError() }
        }
        try checkWaysBack()
        return ExplorationReport(
            stateCount: keys.count, transitionCount: transitionCount, violations: violations, states: keys,
            reachedStateBudget: reachedStateBudget)
    }

    /// Which worker explores each of `states`: the one that found it, which keeps the subject that did, as long as
    /// that keeps the shares even (by the inputs each state offers); else the one with the least to do.
    private func owners(of states: [Int], finders: [Int: Int], workers: Int) -> [Int: Int] {
        let weights = states.map { inputs(at: $0).count }
        let share = (weights.reduce(0, +) + workers - 1) / workers
        var loads = Array(repeating: 0, count: workers)
        var owners: [Int: Int] = [:]
        var left: [Int] = []
        for (index, state) in states.enumerated() {
            if let finder = finders[state], finder < workers, loads[finder] + weights[index] <= share {
                owners[state] = finder
                loads[finder] += weights[index]
            } else {
                left.append(index)
            }
        }
        for index in left {
            let least = loads.indices.min { loads[$0] < loads[$1] } ?? 0
            owners[states[index]] = least
            loads[least] += weights[index]
        }
        return owners
    }

    /// Writes what a worker needs of each state in `range`: its digests, path, script, the inputs it offers and
    /// the state it was found from.
    private func writeStates(_ range: Range<Int>, to writer: inout ExplorationWireWriter) {
        writer.write(range.count)
        for state in range {
            writer.write(navigationDigests[state])
            writer.write(keyDigests[state])
            writer.write(exactDigests[state])
            writer.write(typedExactDigests[state])
            writer.write(paths[state])
            writer.write(scripts[state])
            writer.write(enabledActions[state])
            writer.write(containerInputs[state])
            let lineage = lineages[state]
            writer.write(lineage.count > 1 ? lineage[lineage.count - 2] : -1)
        }
    }

    /// What one input did, as a worker answers it: whether it was accepted, the key's digest, and, for a state
    /// the worker found first, what the state needs to be registered.
    private struct WorkerResult {
        var accepted: Bool
        var keyDigest: ExplorationKeyDigest.Value
        var new: Replay?

        init(from reader: inout ExplorationWireReader) throws {
            accepted = try reader.readBool()
            keyDigest = try reader.readDigest()
            guard try reader.readBool() else { return }
            var step = Replay()
            step.keyDigest = keyDigest
            step.key = try reader.readString()
            step.navigationKey = try reader.readString()
            step.navigationDigest = try reader.readDigest()
            step.script = try reader.readStrings()
            step.enabledActions = try reader.readStrings()
            step.containerInputs = try reader.readInputs()
            step.exactDigest = try reader.readOptionalDigest()
            step.typedExactDigest = try reader.readOptionalDigest()
            new = step
        }

        static func write(_ step: Replay, isNew: Bool, to writer: inout ExplorationWireWriter) {
            writer.write(step.accepted)
            writer.write(step.keyDigest)
            writer.write(isNew)
            guard isNew else { return }
            writer.write(step.key)
            writer.write(step.navigationKey)
            writer.write(step.navigationDigest)
            writer.write(step.script)
            writer.write(step.enabledActions)
            writer.write(step.containerInputs)
            writer.write(step.exactDigest)
            writer.write(step.typedExactDigest)
        }
    }

    private static func readViolations(
        from reader: inout ExplorationWireReader
    ) throws -> [(state: Int, input: Int, violation: ExplorationViolation)] {
        let count = try reader.readCount()
        return try (0..<count).map { _ in
            let state = try reader.readInt()
            let input = try reader.readInt()
            guard let invariant = ExplorationViolation.Invariant(rawValue: try reader.readString()) else {
                throw ExplorationWireError()
            }
            let violation = ExplorationViolation(
                invariant: invariant, message: try reader.readString(), path: try reader.readInputs(),
                script: try reader.readStrings())
            return (state, input, violation)
        }
    }

    // MARK: - A worker's side

    /// A worker's answer to `request`.
    func respond(to request: [UInt8]) throws -> [UInt8] {
        var reader = ExplorationWireReader(request)
        var writer = ExplorationWireWriter()
        switch try reader.readInt() {
        case ExplorationRequest.level:
            let owned = try readLevel(from: &reader)
            guard reader.isAtEnd else { throw ExplorationWireError() }
            for state in owned { try explore(state, answeringTo: &writer) }
        case ExplorationRequest.finish:
            guard reader.isAtEnd else { throw ExplorationWireError() }
            try tearDownProvisional()
            for state in kept.keys.sorted() {
                for subject in kept.removeValue(forKey: state) ?? [] { try tearDown(subject) }
            }
        default:
            throw ExplorationWireError()
        }
        writer.write(positionedViolations.count)
        for (state, input, violation) in positionedViolations {
            writer.write(state)
            writer.write(input)
            writer.write(violation.invariant.rawValue)
            writer.write(violation.message)
            writer.write(violation.path)
            writer.write(violation.script)
        }
        positionedViolations = []
        return writer.bytes
    }

    /// Registers the states a level request announces and the ways out of the states explored last, takes the
    /// subjects of the states this worker found and now explores, tears the other ones down, and returns the
    /// states to explore.
    private func readLevel(from reader: inout ExplorationWireReader) throws -> [Int] {
        let count = try reader.readCount()
        var announced: [Int] = []
        for _ in 0..<count {
            var step = Replay()
            step.navigationDigest = try reader.readDigest()
            step.keyDigest = try reader.readDigest()
            step.exactDigest = try reader.readOptionalDigest()
            step.typedExactDigest = try reader.readOptionalDigest()
            let path = try reader.readInputs()
            step.script = try reader.readStrings()
            step.enabledActions = try reader.readStrings()
            step.containerInputs = try reader.readInputs()
            let parent = try reader.readInt()
            guard parent < keys.count, parent >= 0 || keys.isEmpty, indexOfKey[step.keyDigest] == nil else {
                throw ExplorationWireError()
            }
            announced.append(register(step, path: path, from: parent >= 0 ? parent : nil))
        }
        let wayCount = try reader.readCount()
        for _ in 0..<wayCount {
            let state = try reader.readInt()
            guard keys.indices.contains(state) else { throw ExplorationWireError() }
            let count = try reader.readCount()
            ways[state] = try (0..<count).map { _ in
                let input = try reader.readInput()
                let target = try reader.readInt()
                guard keys.indices.contains(target) else { throw ExplorationWireError() }
                return (input, target)
            }
        }
        let ownedCount = try reader.readCount()
        let owned = try (0..<ownedCount).map { _ in try reader.readInt() }
        guard owned.allSatisfy({ keys.indices.contains($0) && paths[$0].count < depth }) else {
            throw ExplorationWireError()
        }
        ownedStates = Set(owned)
        position = (owned.first ?? 0, -1)
        for state in announced where ownedStates.contains(state) {
            guard let found = provisional[keyDigests[state]], found.path == paths[state] else { continue }
            provisional[keyDigests[state]] = nil
            unseenStates[state] = found.unseenState
            knowsUnseenState[state] = found.knowsUnseenState
            snapshots[state] = found.snapshot
            for subject in found.subjects { keep(subject, at: state) }
        }
        try tearDownProvisional()
        return owned
    }

    /// Tries every input of `state`, as ``run()`` does, and writes what each did.
    private func explore(_ state: Int, answeringTo writer: inout ExplorationWireWriter) throws {
        let inputs = inputs(at: state)
        writer.write(inputs.count)
        for (index, input) in inputs.enumerated() {
            position = (state, index)
            let (step, reached) = try attempt(input, at: state, inputsLeft: inputs.count - index - 1)
            let isNew = step.accepted && indexOfKey[step.keyDigest] == nil && provisional[step.keyDigest] == nil
            if isNew {
                provisional[step.keyDigest] = ProvisionalState(
                    path: paths[state] + [input], subjects: reached.map { [$0] } ?? [], exactDigest: step.exactDigest,
                    typedExactDigest: step.typedExactDigest, unseenState: step.unseenState,
                    knowsUnseenState: step.exactDigest != nil, snapshot: step.snapshot)
                provisionalOrder.append(step.keyDigest)
            } else if let reached {
                try tearDown(reached)
            }
            if step.accepted, let known = indexOfKey[step.keyDigest] { ways[state].append((input, known)) }
            WorkerResult.write(step, isNew: isNew, to: &writer)
        }
        position = (state, inputs.count)
        for subject in kept.removeValue(forKey: state) ?? [] { try tearDown(subject) }
    }

    /// Tears down the subjects of the states found this level that no one took, in the order found.
    private func tearDownProvisional() throws {
        for digest in provisionalOrder {
            for subject in provisional.removeValue(forKey: digest)?.subjects ?? [] { try tearDown(subject) }
        }
        provisionalOrder = []
        provisional = [:]
    }
}

// MARK: - Messages

/// The bytes the explorer and its workers exchange (``ExplorationWorker``): numbers in decimal, each followed by
/// `;`, and text as its length in UTF-8 bytes, then the bytes.
private struct ExplorationWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
        bytes.append(UInt8(ascii: ";"))
    }

    mutating func write(_ number: UInt64) {
        bytes.append(contentsOf: String(number).utf8)
        bytes.append(UInt8(ascii: ";"))
    }

    mutating func write(_ flag: Bool) { write(flag ? 1 : 0) }

    mutating func write(_ text: String) {
        write(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func write(_ texts: [String]) {
        write(texts.count)
        for text in texts { write(text) }
    }

    mutating func write(_ digest: ExplorationKeyDigest.Value) {
        write(digest.first)
        write(digest.second)
    }

    mutating func write(_ digest: ExplorationKeyDigest.Value?) {
        write(digest != nil)
        if let digest { write(digest) }
    }

    mutating func write(_ input: ExplorationInput) {
        switch input {
        case .action(let id):
            write(0)
            write(id)
        case .back: write(1)
        case .swipeBack(let finished):
            write(2)
            write(finished)
        case .swipeDown(let finished):
            write(3)
            write(finished)
        case .deepLink(let index):
            write(4)
            write(index)
        case .tab(let id):
            write(5)
            write(id)
        case .swipePage(let next, let finished):
            write(6)
            write(next)
            write(finished)
        case .sizeClass(let sizeClass):
            write(7)
            write(sizeClass.rawValue)
        }
    }

    mutating func write(_ inputs: [ExplorationInput]) {
        write(inputs.count)
        for input in inputs { write(input) }
    }
}

/// Reads what ``ExplorationWireWriter`` wrote; throws ``ExplorationWireError`` on anything else.
private struct ExplorationWireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUnsigned() throws -> UInt64 {
        var value: UInt64 = 0
        var digits = 0
        while offset < bytes.count, bytes[offset] != UInt8(ascii: ";") {
            let byte = bytes[offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 20 else {
                throw ExplorationWireError()
            }
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedToo) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowed, !overflowedToo else { throw ExplorationWireError() }
            value = sum
            digits += 1
            offset += 1
        }
        guard offset < bytes.count, digits > 0 else { throw ExplorationWireError() }
        offset += 1
        return value
    }

    mutating func readInt() throws -> Int {
        let negative = offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
        if negative { offset += 1 }
        let magnitude = try readUnsigned()
        guard magnitude <= UInt64(Int.max) else { throw ExplorationWireError() }
        return negative ? -Int(magnitude) : Int(magnitude)
    }

    /// A count of things to read: never more than the bytes left, so a damaged count cannot ask for a huge array.
    mutating func readCount() throws -> Int {
        let count = try readInt()
        guard count >= 0, count <= bytes.count - offset else { throw ExplorationWireError() }
        return count
    }

    mutating func readBool() throws -> Bool {
        switch try readInt() {
        case 0: false
        case 1: true
        default: throw ExplorationWireError()
        }
    }

    mutating func readString() throws -> String {
        let count = try readCount()
        defer { offset += count }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    mutating func readStrings() throws -> [String] {
        let count = try readCount()
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count { texts.append(try readString()) }
        return texts
    }

    mutating func readDigest() throws -> ExplorationKeyDigest.Value {
        ExplorationKeyDigest.Value(first: try readUnsigned(), second: try readUnsigned())
    }

    mutating func readOptionalDigest() throws -> ExplorationKeyDigest.Value? {
        try readBool() ? try readDigest() : nil
    }

    mutating func readInput() throws -> ExplorationInput {
        switch try readInt() {
        case 0: return .action(try readString())
        case 1: return .back
        case 2: return .swipeBack(finished: try readBool())
        case 3: return .swipeDown(finished: try readBool())
        case 4: return .deepLink(try readInt())
        case 5: return .tab(try readString())
        case 6: return .swipePage(next: try readBool(), finished: try readBool())
        case 7:
            guard let sizeClass = SizeClass(rawValue: try readString()) else { throw ExplorationWireError() }
            return .sizeClass(sizeClass)
        default: throw ExplorationWireError()
        }
    }

    mutating func readInputs() throws -> [ExplorationInput] {
        let count = try readCount()
        var inputs: [ExplorationInput] = []
        inputs.reserveCapacity(count)
        for _ in 0..<count { inputs.append(try readInput()) }
        return inputs
    }
}

/// A message between the explorer and a worker that is not one either wrote, or that does not fit the
/// exploration it is part of.
public struct ExplorationWireError: Error, CustomStringConvertible {
    /// What the message got wrong.
    public let description: String

    init(_ description: String = "a message between the explorer and a worker could not be read") {
        self.description = description
    }
}
