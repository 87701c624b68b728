import Core
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Levels of states shared between processes (``explore(depth:stateBudget:deepLinks:sampleText:processes:writesStateKeys:start:)``).
///
/// Once a level has enough states, the explorer forks into `processes` copies, each holding the exploration so far
/// and a copy of every subject kept alive, and from then on they share every level. Each process tries the inputs
/// of its own states of the level in order, as one process would, registering what it finds for itself, and notes
/// every accepted step and what it read at each state new to it. Then they swap their notes (through the first
/// process, which reports), each goes back to the level's start (``Explorer/restore(_:expandedStates:)``), and
/// each takes every step of every process in the order of the states: the order of one process, so the same
/// states, indexes, paths, scripts and transitions in every copy and as with one process. A state new at the level
/// is registered with the reading of the first step that reached it, which the process that took that step noted,
/// as the step was the first to reach it there too.
///
/// A state goes to the process that registered it (the discoverer), which keeps the subjects that reached it, unless
/// that process already has more than its share of the level's inputs to try. A process that has tried its own
/// takes the ones another has not begun, from the last (``ExplorationQueues``), so that none waits while another
/// still has states to try. The states a process that fails or cannot be started took, or was to take, are tried by
/// the first process, after its own.
extension Explorer {
    /// An accepted input a process tried: the state, where the input is among the state's inputs, the digest of
    /// the key it reached, and, when the process did not know that key, what it read there.
    struct TakenStep {
        let state: Int
        let input: Int
        let keyDigest: ExplorationKeyDigest.Value
        let new: Replay?
    }

    /// What a process hands over once it tried a level: its steps, in the order taken, and the violations it met
    /// (only whether there are any counts: any makes the exploration run again in one process).
    struct Part {
        var steps: [TakenStep] = []
        var violations: [ExplorationViolation] = []
        /// The states of the level the process tried.
        var expanded: [Int] = []
    }

    /// Whether the processes start sharing at the level of `states`: the first with a state for each.
    func startsSharing(_ states: [Int]) -> Bool {
        #if os(Linux)
            peers == nil && processes > 1 && states.count >= processes
        #else
            false
        #endif
    }

    /// Forks this process into `processes`, joined by pipes to the first; a fork that fails leaves its place to the
    /// first process, which tries its states.
    func startProcesses() {
        #if os(Linux)
            let peers = ExplorationPeers(count: processes)
            peers.queues = ExplorationQueues(count: processes)
            // A write to a process that failed must fail, not end the writer.
            peers.previousBrokenPipeHandler = signal(SIGPIPE, SIG_IGN)
            for index in 1..<processes {
                var down: [Int32] = [-1, -1]
                var up: [Int32] = [-1, -1]
                guard pipe(&down) == 0 else { break }
                guard pipe(&up) == 0 else {
                    close(down[0])
                    close(down[1])
                    break
                }
                let process = fork()
                if process == 0 {
                    for child in peers.children.compactMap({ $0 }) {
                        close(child.channel.input)
                        close(child.channel.output)
                    }
                    close(down[1])
                    close(up[0])
                    let copy = ExplorationPeers(count: processes)
                    copy.parent = ExplorationPeers.Channel(input: down[0], output: up[1])
                    copy.queues = peers.queues
                    self.peers = copy
                    processIndex = index
                    violationLog = []
                    return
                }
                close(down[0])
                close(up[1])
                guard process > 0 else {
                    close(down[1])
                    close(up[0])
                    break
                }
                peers.children[index] = ExplorationPeers.Child(
                    process: process, channel: ExplorationPeers.Channel(input: up[0], output: down[1]))
            }
            self.peers = peers
        #endif
    }

    /// Shares the level of `states`: tries this process's states, swaps the steps, goes back to the level's start
    /// and takes every step in order.
    func expandShared(_ states: [Int]) throws {
        // A level of states at the depth, whose inputs are not tried: nothing to swap.
        guard let peers, !states.isEmpty else { return }
        let owners = assignment(of: states, among: peers.alive)
        for (state, owner) in zip(states, owners) where owner != processIndex {
            // Just after the fork, the subjects kept are copies, each the owner's to use and check; later they are
            // this process's own, checked here.
            if peers.justForked {
                dropKept(at: state)
            } else {
                try tearDownKept(at: state)
            }
        }
        peers.justForked = false
        let start = levelStart
        takenSteps = []
        statesTriedElsewhere = Set(zip(states, owners).filter { $0.1 != processIndex }.map(\.0))
        let expandedHere = try expandClaimed(states, owners: owners, peers: peers, levelStart: start)
        statesTriedElsewhere = Set(states).subtracting(expandedHere)
        // From the last level whose inputs are tried, the states found are not tried: only the first process,
        // which reports, needs them in order.
        let last = paths[states[0]].count + 1 >= depth
        let swapped = try swapParts(
            with: peers, states: states, expanded: expandedHere, last: last, levelStart: start)
        statesTriedElsewhere = []
        let own = Part(steps: takenSteps ?? [], expanded: expandedHere)
        takenSteps = nil
        if processIndex != 0 { violationLog = [] }
        guard var parts = swapped else { return }
        parts[processIndex] = own
        let found = digestsOfStates(since: start)
        restore(start, expandedStates: states)
        takeSteps(of: parts, in: states)
        try keepFound(found, since: start)
    }

    /// Tries the states of the level this process claims, and returns them in the order tried: its own (`owners`)
    /// from the first, then, once none is left, another's from the last, so that no process waits while another
    /// still has states to try. Without the queues every process shares, it tries its own states alone. The
    /// subjects kept for an own state that another took are torn down.
    private func expandClaimed(
        _ states: [Int], owners: [Int], peers: ExplorationPeers, levelStart: LevelStart
    ) throws -> [Int] {
        let level = paths[states[0]].count
        var queues = [[Int]](repeating: [], count: processes)
        for (state, owner) in zip(states, owners) { queues[owner].append(state) }
        var tried: [Int] = []
        let own = queues[processIndex]
        guard let shared = peers.queues else {
            for state in own { try expand(state) }
            return own
        }
        while let index = shared.claim(in: processIndex, level: level, length: own.count, fromFront: true) {
            try expand(own[index])
            tried.append(own[index])
        }
        for other in queues.indices where other != processIndex && peers.alive[other] {
            let queue = queues[other]
            while let index = shared.claim(in: other, level: level, length: queue.count, fromFront: false) {
                try expandTakenOver(queue[index], levelStart: levelStart)
                tried.append(queue[index])
            }
        }
        let triedHere = Set(tried)
        for state in own where !triedHere.contains(state) { try tearDownKept(at: state) }
        return tried
    }

    /// Tries `state`, which another process was to try, after states later in the order of the level: what its
    /// steps reach that this process found in the level is read as new (``readsStatesFoundSince``).
    private func expandTakenOver(_ state: Int, levelStart: LevelStart) throws {
        statesTriedElsewhere.remove(state)
        readsStatesFoundSince = levelStart.stateCount
        defer { readsStatesFoundSince = nil }
        try expand(state)
    }

    /// Which process tries each of `states`: the one that registered it, unless it already has more than its
    /// share of the level's inputs, then the one with the fewest so far; only processes still `alive`. Every
    /// process works it out alike from the same exploration.
    private func assignment(of states: [Int], among alive: [Bool]) -> [Int] {
        let weights = states.map { inputs(at: $0).count }
        let share = Double(weights.reduce(0, +)) / Double(max(1, alive.filter { $0 }.count))
        var loads = [Int](repeating: 0, count: alive.count)
        var owners: [Int] = []
        owners.reserveCapacity(states.count)
        for (state, weight) in zip(states, weights) {
            var owner = discoverers[state]
            if !alive[owner] || Double(loads[owner] + weight) > share * 1.1 {
                owner = alive.indices.filter { alive[$0] }.min { loads[$0] < loads[$1] } ?? 0
            }
            loads[owner] += weight
            owners.append(owner)
        }
        return owners
    }

    /// Hands this process's part to the others and returns every process's part but its own (left empty). The
    /// first process reads each other's, tries the states of any that failed itself, then sends each the others',
    /// unless the level is the `last` whose inputs are tried: only the first goes on from there, to report. `nil`
    /// for a process other than the first, then.
    private func swapParts(
        with peers: ExplorationPeers, states: [Int], expanded: [Int], last: Bool, levelStart: LevelStart
    ) throws -> [Part]? {
        var parts = [Part](repeating: Part(), count: processes)
        #if os(Linux)
            if let parent = peers.parent {
                let mine = Part(steps: takenSteps ?? [], violations: violationLog ?? [], expanded: expanded).encoded()
                guard parent.send(mine) else { _exit(1) }
                if last { return nil }
                guard let all = parent.receive(), let swapped = Self.parts(in: all, count: processes)
                else { _exit(1) }
                for (index, part) in swapped.parts.enumerated() where index != processIndex { parts[index] = part }
                peers.alive = swapped.alive
                return parts
            }
            var received = [[UInt8]](repeating: [], count: processes)
            for index in 1..<processes where peers.alive[index] {
                if let bytes = peers.children[index]?.channel.receive(), let part = Part(decoding: bytes) {
                    received[index] = bytes
                    parts[index] = part
                } else {
                    peers.end(index)
                }
            }
            // The states no process that handed over its part tried (the ones a process that failed took, or was
            // to take) are tried here, in order.
            var tried = Set(expanded)
            for part in parts { tried.formUnion(part.expanded) }
            for state in states where !tried.contains(state) {
                try expandTakenOver(state, levelStart: levelStart)
            }
            if last { return parts }
            received[0] = Part(steps: takenSteps ?? []).encoded()
            for index in 1..<processes where peers.alive[index] {
                var message = ExplorationWire.Writer()
                for (other, bytes) in received.enumerated() {
                    message.append(flag: peers.alive[other] || other == 0)
                    message.append(message: other == index ? [] : bytes)
                }
                // A process that cannot be written to is found out at the next level, when it sends nothing: every
                // process has counted it in until then.
                _ = peers.children[index]?.channel.send(message.bytes)
            }
        #endif
        return parts
    }

    /// The parts and which processes are alive, from the message the first process sends.
    private static func parts(in message: [UInt8], count: Int) -> (parts: [Part], alive: [Bool])? {
        var reader = ExplorationWire.Reader(bytes: message)
        var parts: [Part] = []
        var alive: [Bool] = []
        do {
            for _ in 0..<count {
                alive.append(try reader.bool())
                let bytes = try reader.message()
                guard let part = bytes.isEmpty ? Part() : Part(decoding: bytes) else { return nil }
                parts.append(part)
            }
        } catch {
            return nil
        }
        return (parts, alive)
    }

    /// Takes every step of `parts` from `states` in their order, and, in the first process, the other processes'
    /// violations (the first records its own as it meets them). A state new at the level is registered with the
    /// reading of the first step that reached it; with none (a step tried late for a process that failed), with the
    /// first reading of it in the order of the processes.
    private func takeSteps(of parts: [Part], in states: [Int]) {
        var stepsOf: [Int: [(process: Int, step: TakenStep)]] = [:]
        var readings: [ExplorationKeyDigest.Value: (process: Int, replay: Replay)] = [:]
        for (process, part) in parts.enumerated() {
            for step in part.steps {
                stepsOf[step.state, default: []].append((process, step))
                if let new = step.new, readings[step.keyDigest] == nil { readings[step.keyDigest] = (process, new) }
            }
        }
        for state in states {
            expanded.insert(state)
            let inputs = inputs(at: state)
            for (process, step) in stepsOf[state] ?? [] where inputs.indices.contains(step.input) {
                var reading = (process: process, replay: step.new ?? Replay())
                if step.new == nil, indexOfKey[step.keyDigest] == nil, let first = readings[step.keyDigest] {
                    reading = first
                }
                reading.replay.keyDigest = step.keyDigest
                reading.replay.accepted = true
                registeringProcess = reading.process
                take(reading.replay, of: inputs[step.input], at: state)
            }
        }
        registeringProcess = 0
        guard processIndex == 0 else { return }
        for violation in parts.dropFirst().flatMap(\.violations) {
            record(violation.invariant, violation.message, path: violation.path, script: violation.script)
        }
    }

    /// Keeps the subjects this process kept for the states it found in the level (`found`, by the index it gave
    /// them) for the same states as registered in order, when they stand for them: registered with this
    /// process's reading. The others are torn down.
    private func keepFound(_ found: [Int: ExplorationKeyDigest.Value], since start: LevelStart) throws {
        let registered = found.compactMapValues { indexOfKey[$0] }
        var moved: [Int: [LiveSubject]] = [:]
        for state in Array(kept.keys) {
            guard let digest = found[state] else { continue }
            let subjects = kept.removeValue(forKey: state) ?? []
            keptCount -= subjects.count
            // The states the subjects took inputs at, by the indexes they have now; one past the budget is gone.
            for live in subjects {
                live.took = live.took.compactMap { entry in
                    guard let state = entry.state, state >= start.stateCount else { return entry }
                    return registered[state].map { ($0, entry.input, entry.lines) }
                }
            }
            guard let index = indexOfKey[digest], discoverers[index] == processIndex else {
                for live in subjects { try tearDown(live) }
                continue
            }
            moved[index, default: []] += subjects
        }
        for (state, subjects) in moved.sorted(by: { $0.key < $1.key }) {
            for live in subjects { keep(live, at: state) }
        }
    }

    /// Once every level is explored: a process other than the first tears down what it kept, hands over its
    /// violations and exits; the first takes them, in the order of the processes.
    func finishSharing() throws {
        #if os(Linux)
            guard let peers else { return }
            if let parent = peers.parent {
                var status: Int32 = 1
                if (try? tearDownAllKept()) != nil,
                    parent.send(Part(violations: violationLog ?? []).encoded())
                {
                    status = 0
                }
                _exit(status)
            }
            for index in 1..<processes where peers.alive[index] {
                guard let bytes = peers.children[index]?.channel.receive(), let part = Part(decoding: bytes) else {
                    peers.end(index)
                    continue
                }
                for violation in part.violations {
                    record(violation.invariant, violation.message, path: violation.path, script: violation.script)
                }
                peers.end(index)
            }
            signal(SIGPIPE, peers.previousBrokenPipeHandler)
            self.peers = nil
        #endif
    }

    /// Ends the sharing when the exploration stops with an error: a process other than the first exits at once,
    /// the first ends the others.
    func abandonSharing() {
        #if os(Linux)
            guard let peers else { return }
            if peers.parent != nil { _exit(1) }
            for index in 1..<processes where peers.alive[index] { peers.end(index) }
            signal(SIGPIPE, peers.previousBrokenPipeHandler)
            self.peers = nil
        #endif
    }

    /// Stops the subjects kept for `state` without checking what they leave alive: copies another process checks.
    private func dropKept(at state: Int) {
        for live in kept.removeValue(forKey: state) ?? [] {
            keptCount -= 1
            live.subject?.root.stop()
            live.subject = nil
        }
    }

    private func tearDownKept(at state: Int) throws {
        for live in kept.removeValue(forKey: state) ?? [] {
            keptCount -= 1
            try tearDown(live)
        }
    }

    private func tearDownAllKept() throws {
        for state in kept.keys.sorted() { try tearDownKept(at: state) }
    }
}

/// The states of a level each process is to try, as a queue in memory every process shares: its owner takes them
/// from the front, and another process, once it has none of its own left, from the back. Each queue is one word,
/// changed atomically: the level it was last touched at (plus one), and where its front and its back are. Every
/// process knows the length of every queue (it works the owners out alike), so the first to touch a queue at a
/// level sets it up; the processes swap their parts between levels, so no one touches a level's queues once the
/// next one began.
final class ExplorationQueues {
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let count: Int

    /// Queues for `count` processes, in memory the processes forked after this share; `nil` when the system gives
    /// none.
    init?(count: Int) {
        #if os(Linux)
            let size = MemoryLayout<Atomic<UInt64>>.stride * count
            let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
            guard let memory, memory != MAP_FAILED else { return nil }
            words = memory.bindMemory(to: Atomic<UInt64>.self, capacity: count)
            for index in 0..<count { (words + index).initialize(to: Atomic(0)) }
            self.count = count
        #else
            return nil
        #endif
    }

    deinit {
        #if os(Linux)
            munmap(UnsafeMutableRawPointer(words), MemoryLayout<Atomic<UInt64>>.stride * count)
        #endif
    }

    /// Takes the next state of the queue of process `queue` at `level`, which holds `length` states: the index in
    /// the queue of the first one left (`fromFront`) or of the last; `nil` when none is left.
    func claim(in queue: Int, level: Int, length: Int, fromFront: Bool) -> Int? {
        guard queue < count, length < 1 << 24 else { return nil }
        let tag = UInt64(level + 1) & 0xFFFF
        let word = words + queue
        var current = word.pointee.load(ordering: .acquiring)
        while true {
            var (front, back) = (current >> 24 & 0xFF_FFFF, current & 0xFF_FFFF)
            if current >> 48 != tag { (front, back) = (0, UInt64(length)) }
            guard front < back else { return nil }
            let (taken, next) = fromFront ? (front, (front + 1, back)) : (back - 1, (front, back - 1))
            let desired = tag << 48 | next.0 << 24 | next.1
            let (exchanged, original) = word.pointee.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged { return Int(taken) }
            current = original
        }
    }
}

/// The processes sharing an exploration, as one of them sees them: the first sees a channel to each other, any
/// other a channel to the first.
final class ExplorationPeers {
    /// A pipe each way to another process.
    struct Channel {
        /// Where this process reads what the other writes.
        let input: Int32
        /// Where this process writes what the other reads.
        let output: Int32

        /// Sends `bytes` as one message: their count, then them; whether all were written.
        func send(_ bytes: [UInt8]) -> Bool {
            var message = ExplorationWire.Writer()
            message.append(number: bytes.count)
            return write(message.bytes) && write(bytes)
        }

        /// The next message, or `nil` when the other process ended first or wrote something that is not one.
        func receive() -> [UInt8]? {
            guard let header = read(count: 8) else { return nil }
            var reader = ExplorationWire.Reader(bytes: header)
            guard let count = try? reader.uint64(), count < UInt64(Int.max) else { return nil }
            return read(count: Int(count))
        }

        private func write(_ bytes: [UInt8]) -> Bool {
            #if os(Linux)
                var written = 0
                while written < bytes.count {
                    let count = bytes.withUnsafeBytes {
                        Glibc.write(output, $0.baseAddress! + written, bytes.count - written)
                    }
                    if count > 0 {
                        written += count
                    } else if count < 0, errno == EINTR {
                        continue
                    } else {
                        return false
                    }
                }
            #endif
            return true
        }

        /// The next `count` bytes, read a piece at a time, so that a count a damaged message gives takes no more
        /// memory than the bytes that come; `nil` when the other process ends first.
        private func read(count: Int) -> [UInt8]? {
            var bytes: [UInt8] = []
            #if os(Linux)
                var piece = [UInt8](repeating: 0, count: min(count, 1 << 20))
                while bytes.count < count {
                    let wanted = min(piece.count, count - bytes.count)
                    let got = piece.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, wanted) }
                    if got > 0 {
                        bytes += piece[0..<got]
                    } else if got < 0, errno == EINTR {
                        continue
                    } else {
                        return nil
                    }
                }
            #endif
            return bytes
        }
    }

    /// Another process, as the first sees it: its id and the channel to it.
    struct Child {
        let process: pid_t
        let channel: Channel
    }

    /// For the first process: each other, by place (`nil` for itself, a fork that failed, and one that ended).
    var children: [Child?]
    /// For any other: its channel to the first.
    var parent: Channel?
    /// Which processes still share the levels, by place: all of them at first, so that every process shares the
    /// first level alike; one that could not be started is found out when it sends nothing.
    var alive: [Bool]
    /// Whether the fork has just happened, so that the subjects kept are copies of one another's.
    var justForked = true
    /// The queues of the states of each level, shared with the other processes; `nil` when they could not be
    /// made, and each process tries its own states alone.
    var queues: ExplorationQueues?
    /// How a broken pipe was handled before the sharing began.
    var previousBrokenPipeHandler: (@convention(c) (Int32) -> Void)?

    /// The peers of `count` processes, all counted in.
    init(count: Int) {
        children = Array(repeating: nil, count: count)
        alive = Array(repeating: true, count: count)
    }

    /// Ends the process at `index`, which failed or is done, and waits for it.
    func end(_ index: Int) {
        alive[index] = false
        #if os(Linux)
            guard let child = children[index] else { return }
            children[index] = nil
            close(child.channel.input)
            close(child.channel.output)
            var status: Int32 = 0
            while waitpid(child.process, &status, WNOHANG) == 0 {
                kill(child.process, SIGKILL)
                _ = waitpid(child.process, &status, 0)
            }
        #endif
    }
}

extension Explorer.Part {
    /// The part as bytes: each step, then each violation, then a mark that the part is whole.
    func encoded() -> [UInt8] {
        var writer = ExplorationWire.Writer()
        writer.append(number: steps.count)
        for step in steps {
            writer.append(number: step.state)
            writer.append(number: step.input)
            writer.append(digest: step.keyDigest)
            guard let new = step.new else {
                writer.append(flag: false)
                continue
            }
            writer.append(flag: true)
            writer.append(digest: new.navigationDigest)
            writer.append(text: new.key)
            writer.append(texts: new.script)
            writer.append(texts: new.enabledActions)
            writer.append(inputs: new.containerInputs)
            writer.append(optionalDigest: new.exactDigest)
            writer.append(optionalDigest: new.typedExactDigest)
        }
        writer.append(number: violations.count)
        for violation in violations {
            writer.append(text: violation.invariant.rawValue)
            writer.append(text: violation.message)
            writer.append(inputs: violation.path)
            writer.append(texts: violation.script)
        }
        writer.append(number: expanded.count)
        for state in expanded { writer.append(number: state) }
        writer.append(word: ExplorationWire.end)
        return writer.bytes
    }

    /// The part `bytes` hold, or `nil` when they are not a whole part.
    init?(decoding bytes: [UInt8]) {
        var reader = ExplorationWire.Reader(bytes: bytes)
        do {
            for _ in 0..<(try reader.count()) {
                let state = try reader.int()
                let input = try reader.int()
                let keyDigest = try reader.digest()
                var new: Explorer.Replay?
                if try reader.bool() {
                    var replay = Explorer.Replay()
                    replay.keyDigest = keyDigest
                    replay.navigationDigest = try reader.digest()
                    replay.key = try reader.string()
                    replay.script = try reader.strings()
                    replay.enabledActions = try reader.strings()
                    replay.containerInputs = try reader.inputs()
                    replay.exactDigest = try reader.optionalDigest()
                    replay.typedExactDigest = try reader.optionalDigest()
                    new = replay
                }
                steps.append(.init(state: state, input: input, keyDigest: keyDigest, new: new))
            }
            for _ in 0..<(try reader.count()) {
                guard let invariant = ExplorationViolation.Invariant(rawValue: try reader.string()) else { return nil }
                let violation = ExplorationViolation(
                    invariant: invariant, message: try reader.string(), path: try reader.inputs(),
                    script: try reader.strings())
                violations.append(violation)
            }
            for _ in 0..<(try reader.count()) { expanded.append(try reader.int()) }
            guard try reader.uint64() == ExplorationWire.end, reader.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}

/// The bytes processes sharing an exploration hand one another: numbers as 8 bytes, little-endian; text as its
/// length and its UTF-8; a list as its count and its elements.
fileprivate enum ExplorationWire {
    /// The last 8 bytes of a whole part.
    static let end: UInt64 = 0x4558_504c_4f52_4544

    struct Writer {
        var bytes: [UInt8] = []

        mutating func append(word value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func append(number value: Int) { append(word: UInt64(bitPattern: Int64(value))) }

        mutating func append(flag value: Bool) { bytes.append(value ? 1 : 0) }

        mutating func append(message raw: [UInt8]) {
            append(number: raw.count)
            bytes.append(contentsOf: raw)
        }

        mutating func append(text: String) {
            var text = text
            text.withUTF8 { utf8 in
                append(number: utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func append(texts: [String]) {
            append(number: texts.count)
            for text in texts { append(text: text) }
        }

        mutating func append(digest: ExplorationKeyDigest.Value) {
            append(word: digest.first)
            append(word: digest.second)
        }

        mutating func append(optionalDigest digest: ExplorationKeyDigest.Value?) {
            append(flag: digest != nil)
            if let digest { append(digest: digest) }
        }

        mutating func append(inputs: [ExplorationInput]) {
            append(number: inputs.count)
            for input in inputs { append(input: input) }
        }

        mutating func append(input: ExplorationInput) {
            switch input {
            case .action(let id):
                bytes.append(0)
                append(text: id)
            case .back: bytes.append(1)
            case .swipeBack(let finished):
                bytes.append(2)
                append(flag: finished)
            case .swipeDown(let finished):
                bytes.append(3)
                append(flag: finished)
            case .deepLink(let index):
                bytes.append(4)
                append(number: index)
            case .tab(let id):
                bytes.append(5)
                append(text: id)
            case .swipePage(let next, let finished):
                bytes.append(6)
                append(flag: next)
                append(flag: finished)
            case .sizeClass(let sizeClass):
                bytes.append(7)
                append(text: sizeClass.rawValue)
            }
        }
    }

    /// Bytes that end before what they should hold, or hold what no writer writes.
    struct Malformed: Error, CustomStringConvertible {
        var description: String { "the bytes are not what a process sharing the exploration writes" }
    }

    struct Reader {
        let bytes: [UInt8]
        private var offset = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed() }
            offset += 1
            return bytes[offset - 1]
        }

        mutating func uint64() throws(Malformed) -> UInt64 {
            guard bytes.count - offset >= 8 else { throw Malformed() }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
            offset += 8
            return value
        }

        mutating func int() throws(Malformed) -> Int { Int(Int64(bitPattern: try uint64())) }

        /// A count, which no more bytes than are left can hold.
        mutating func count() throws(Malformed) -> Int {
            let count = try int()
            guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
            return count
        }

        mutating func bool() throws(Malformed) -> Bool {
            switch try byte() {
            case 0: false
            case 1: true
            default: throw Malformed()
            }
        }

        mutating func message() throws(Malformed) -> [UInt8] {
            let count = try count()
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func string() throws(Malformed) -> String {
            let count = try count()
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
        }

        mutating func strings() throws(Malformed) -> [String] {
            try (0..<(try count())).map { _ throws(Malformed) in try string() }
        }

        mutating func digest() throws(Malformed) -> ExplorationKeyDigest.Value {
            ExplorationKeyDigest.Value(first: try uint64(), second: try uint64())
        }

        mutating func optionalDigest() throws(Malformed) -> ExplorationKeyDigest.Value? {
            try bool() ? try digest() : nil
        }

        mutating func inputs() throws(Malformed) -> [ExplorationInput] {
            try (0..<(try count())).map { _ throws(Malformed) in try input() }
        }

        mutating func input() throws(Malformed) -> ExplorationInput {
            switch try byte() {
            case 0: return .action(try string())
            case 1: return .back
            case 2: return .swipeBack(finished: try bool())
            case 3: return .swipeDown(finished: try bool())
            case 4: return .deepLink(try int())
            case 5: return .tab(try string())
            case 6: return .swipePage(next: try bool(), finished: try bool())
            case 7:
                guard let sizeClass = SizeClass(rawValue: try string()) else { throw Malformed() }
                return .sizeClass(sizeClass)
            default: throw Malformed()
            }
        }
    }
}
