import Core

/// Where ``ExplorationKeyWriter`` writes a key, piece by piece: its text, or a digest of the text.
protocol ExplorationKeySink: AnyObject {
    init()
    /// Appends `piece` to the key.
    func write(_ piece: String)
    /// Reads the tree under `root` once (through `walk`, when the caller walked it already), its children in an
    /// order that does not depend on the order they were attached in, and returns what appends it to a key of this
    /// kind, after the screens and the width.
    @MainActor static func treeWriter(of root: Coordinator, walk: ExplorationTreeWalk?) -> (Self) -> Void
}

/// A key's text.
final class ExplorationKeyText: ExplorationKeySink {
    /// The UTF-8 of everything written, in order: a key is written in hundreds of short pieces, which a byte array
    /// takes for less than a string does. Only this class reaches it, one write at a time, so Swift need not check
    /// at run time that no two accesses overlap.
    @exclusivity(unchecked) private var bytes: [UInt8] = []

    init() {}

    /// Everything written, in order.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(_ piece: String) {
        var piece = piece
        piece.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends the tree's lines (``Explorer/treeKey(of:indent:)``), which sort each coordinator's children by their
    /// subtree's text: written from `root`, not from `walk`.
    @MainActor static func treeWriter(of root: Coordinator, walk: ExplorationTreeWalk?) -> (ExplorationKeyText) -> Void
    {
        let lines = Explorer.treeKey(of: root)
        return { key in
            key.write("\n--")
            for line in lines {
                key.write("\n")
                key.write(line)
            }
        }
    }
}

/// A key reduced to 128 bits: two 64-bit multiply-and-rotate hashes, with different constants, of the UTF-8 bytes
/// of its screens and of its tree's digest (``tree(of:)-(Coordinator)``), taken eight bytes at a time wherever the pieces written
/// split them, so the same text has the same digest however it was written. Two keys with the same digest are
/// taken to be the same key; among the few thousand states of an exploration a collision is far less likely than
/// a fault in the machine.
final class ExplorationKeyDigest: ExplorationKeySink {
    /// The hashes so far. Only this class reaches them, one write at a time, so Swift need not check at run time
    /// that no two accesses overlap.
    @exclusivity(unchecked) private var state = State()

    init() {}

    func write(_ piece: String) { state.write(piece) }

    /// Appends a digest's 16 bytes.
    func write(_ value: Value) { state.write(value) }

    /// The digest that stands for an exact key (the key with the text in its fields), from the digests of the `key`
    /// and of the fields' text (`fieldValues`), in order: with the same key, two exact keys differ only in that
    /// text.
    static func exactKey(key: Value, fieldValues: Value) -> Value {
        var exact = State()
        exact.write(key)
        exact.write(fieldValues)
        return exact.value
    }

    /// The tree's digest: each coordinator's name, then its children's digests in their order as numbers. Two
    /// trees have the same digest when their lines (``Explorer/treeKey(of:indent:)``) are the same, without
    /// writing or sorting any text.
    @MainActor static func tree(of root: Coordinator) -> Value { tree(of: ExplorationTreeWalk(root: root)) }

    /// ``tree(of:)-(Coordinator)`` of the tree `walk` went through: each coordinator's digest is taken after its
    /// children's, from the last in the walk to the root.
    @MainActor static func tree(of walk: ExplorationTreeWalk) -> Value {
        var digests = [Value](repeating: Value(first: 0, second: 0), count: walk.nodes.count)
        var children: [Value] = []
        for index in walk.nodes.indices.reversed() {
            let node = walk.nodes[index]
            let range = node.childIndices
            var digest = State()
            digest.write(node.name)
            digest.write(Value(first: 0, second: UInt64(range.count)))
            // Most coordinators are leaves: their empty list of children is not sorted.
            if !range.isEmpty {
                children.removeAll(keepingCapacity: true)
                children.append(contentsOf: digests[range])
                children.sort()
                for child in children { digest.write(child) }
            }
            digests[index] = digest.value
        }
        return digests[0]
    }

    /// Appends the tree's digest (``tree(of:)-(ExplorationTreeWalk)``), from `walk` when given.
    @MainActor static func treeWriter(
        of root: Coordinator, walk: ExplorationTreeWalk?
    ) -> (ExplorationKeyDigest) -> Void {
        let tree = tree(of: walk ?? ExplorationTreeWalk(root: root))
        return { key in
            key.write("\n--\n")
            key.write(tree)
        }
    }

    /// The digest of everything written: the bytes still pending and the length mixed in last.
    var value: Value { state.value }

    /// A finished digest.
    struct Value: Hashable, Comparable {
        let first: UInt64
        let second: UInt64

        /// Ordered as numbers, the first word first.
        static func < (lhs: Value, rhs: Value) -> Bool {
            (lhs.first, lhs.second) < (rhs.first, rhs.second)
        }
    }

    /// The two hashes and the bytes not yet mixed in: a value, so a digest taken inside a walk allocates nothing.
    private struct State {
        private var first: UInt64 = 0xcbf2_9ce4_8422_2325
        private var second: UInt64 = 0x8422_2325_cbf2_9ce4
        /// The bytes written since the last full word, the first in the lowest byte, and how many.
        private var pending: UInt64 = 0
        private var pendingCount: UInt64 = 0
        /// How many bytes were written.
        private var length: UInt64 = 0

        mutating func write(_ piece: String) {
            var piece = piece
            piece.withUTF8 { bytes in
                guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
                let count = bytes.count
                var pending = pending
                var pendingCount = pendingCount
                var first = first
                var second = second
                var index = 0
                // Whole words of the text, joined to the bytes pending before them.
                while index + 8 <= count {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    Self.mix(pending | (word << (pendingCount &* 8)), into: &first, &second)
                    pending = pendingCount == 0 ? 0 : word >> (64 &- pendingCount &* 8)
                    index += 8
                }
                // The last bytes, fewer than eight, after the pending ones.
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while index < count {
                    tail |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << shift
                    shift &+= 8
                    index += 1
                }
                let tailCount = shift / 8
                if tailCount > 0 {
                    pending |= tail << (pendingCount &* 8)
                    if pendingCount + tailCount >= 8 {
                        Self.mix(pending, into: &first, &second)
                        let used = 8 - pendingCount
                        pending = used >= 8 ? 0 : tail >> (used &* 8)
                        pendingCount = pendingCount + tailCount - 8
                    } else {
                        pendingCount += tailCount
                    }
                }
                self.pending = pending
                self.pendingCount = pendingCount
                self.first = first
                self.second = second
                length &+= UInt64(count)
            }
        }

        /// Mixes one word of eight bytes into the two hashes.
        @inline(__always)
        private static func mix(_ word: UInt64, into first: inout UInt64, _ second: inout UInt64) {
            first = ((first ^ word) &* 0xff51_afd7_ed55_8ccd).rotateLeft(31)
            second = ((second ^ word) &* 0xc4ce_b9fe_1a85_ec53).rotateLeft(27) &+ 0x9e37_79b9_7f4a_7c15
        }

        mutating func write(_ value: Value) {
            Self.mix(pending | (value.first << (pendingCount &* 8)), into: &first, &second)
            pending = pendingCount == 0 ? 0 : value.first >> (64 &- pendingCount &* 8)
            Self.mix(pending | (value.second << (pendingCount &* 8)), into: &first, &second)
            pending = pendingCount == 0 ? 0 : value.second >> (64 &- pendingCount &* 8)
            length &+= 16
        }

        var value: Value {
            var first = first
            var second = second
            Self.mix(pending ^ (pendingCount << 56), into: &first, &second)
            Self.mix(length, into: &first, &second)
            first ^= first >> 29
            second ^= second >> 31
            return Value(first: first, second: second)
        }
    }
}

/// Writes a state's keys in one walk of the window and one of the tree, piece by piece, into text or digests: the
/// same text as ``Window/screenLines(includingContent:fieldValues:)`` joined by new lines, each screen's content
/// read once.
///
/// The explorer reads keys after every input; the text of a state's keys is written only for a new state, a digest
/// otherwise. In the key's digest each screen's content lines stand as their own digest
/// (``writeContentDigest(of:_:indent:to:)``), so that a screen showing what it showed before is not hashed again:
/// keys with the same text still have the same digest.
@MainActor
struct ExplorationKeyWriter<Sink: ExplorationKeySink> {
    /// The screens with their content but the fields' text, the width and the tree: the state's key.
    let key = Sink()
    /// The screens without their content, the width and the tree: the state's navigation.
    let navigationKey = Sink()
    /// The screens with their content and the fields' text, the width and the tree.
    let exactKey = Sink()
    /// The text in each field, in order, each followed by a zero: with the key, what the exact key adds to it.
    let fieldValues = Sink()
    private let writesKey: Bool
    private let writesNavigationKey: Bool
    private let writesExactKey: Bool
    private let writesFieldValues: Bool
    private let collectsScreens: Bool
    private var topScreen: ViewController?
    /// Every screen in the window, when asked for: what ``Explorer/reading(of:navigationKey:shownBefore:)`` and
    /// ``Explorer/drift(of:shownBefore:)`` check the coordinators' screens against. A window holds a few dozen
    /// screens at most: a list searched in order costs less than hashing each.
    private(set) var screens: [ObjectIdentifier] = []

    /// The keys of `subject` asked for: the key, the navigation key, the exact key, the fields' text; the others
    /// stay empty. With `screens`, it also notes every screen in the window (``screens``). The keys that hold the
    /// tree read it from `tree` when the caller walked it already.
    static func write(
        of subject: ExplorationSubject, key: Bool = false, navigationKey: Bool = false, exactKey: Bool = false,
        fieldValues: Bool = false, screens: Bool = false, tree: ExplorationTreeWalk? = nil
    ) -> Self {
        var writer = Self(
            writesKey: key, writesNavigationKey: navigationKey, writesExactKey: exactKey,
            writesFieldValues: fieldValues, collectsScreens: screens)
        writer.writeScreens(of: subject.window)
        if subject.window.horizontalSizeClass != .compact {
            writer.toAll("\nwidth: ")
            writer.toAll(subject.window.horizontalSizeClass.rawValue)
        }
        if writer.writesKey || writer.writesNavigationKey || writer.writesExactKey {
            let writeTree = Sink.treeWriter(of: subject.root, walk: tree)
            if writer.writesKey { writeTree(writer.key) }
            if writer.writesNavigationKey { writeTree(writer.navigationKey) }
            if writer.writesExactKey { writeTree(writer.exactKey) }
        }
        return writer
    }

    private init(
        writesKey: Bool, writesNavigationKey: Bool, writesExactKey: Bool, writesFieldValues: Bool,
        collectsScreens: Bool = false
    ) {
        self.writesKey = writesKey
        self.writesNavigationKey = writesNavigationKey
        self.writesExactKey = writesExactKey
        self.writesFieldValues = writesFieldValues
        self.collectsScreens = collectsScreens
    }

    private mutating func toAll(_ piece: String) {
        if writesKey { key.write(piece) }
        if writesNavigationKey { navigationKey.write(piece) }
        if writesExactKey { exactKey.write(piece) }
    }

    /// Appends `piece` to the keys with content.
    private mutating func toContent(_ piece: String) {
        if writesKey { key.write(piece) }
        if writesExactKey { exactKey.write(piece) }
    }

    private mutating func writeScreens(of window: Window) {
        guard let root = window.rootViewController else {
            toAll("  (no root screen)")
            return
        }
        topScreen = window.topViewController
        write(root, role: nil, depth: 1, isFirst: true, isContained: false)
    }

    /// Writes `screen`, indented `depth` times, and what it holds; `contentRole`, when given, is its role in the
    /// keys with content (a tab's badge). `isContained` tells a screen that a container holds.
    private mutating func write(
        _ screen: ViewController, role: Role?, contentRole: Role? = nil, depth: Int, isFirst: Bool,
        isContained: Bool = true
    ) {
        if collectsScreens { screens.append(ObjectIdentifier(screen)) }
        if !isFirst { toAll("\n") }
        toAll(KeyIndent.of(depth))
        toAll(screen.screenID)
        let isOnTop = screen === topScreen
        if writesNavigationKey { Self.writeNotes(role: role, isOnTop: isOnTop, to: navigationKey) }
        if writesKey || writesExactKey {
            let content = screen.content
            if !content.title.isEmpty {
                toContent(" \"")
                toContent(content.title)
                toContent("\"")
            }
            if writesKey { Self.writeNotes(role: contentRole ?? role, isOnTop: isOnTop, to: key) }
            if writesExactKey { Self.writeNotes(role: contentRole ?? role, isOnTop: isOnTop, to: exactKey) }
            if Sink.self == ExplorationKeyDigest.self, writesKey, !writesExactKey,
                let key = key as? ExplorationKeyDigest
            {
                writeContentDigest(of: screen, content, indent: KeyIndent.of(depth + 1), to: key)
            } else {
                writeContent(content, indent: KeyIndent.of(depth + 1))
            }
        }
        writeChildren(of: screen, depth: depth, isContained: isContained)
    }

    /// Writes the screens `screen` (at `depth`) holds, then the one it presents. The roles are written piece by
    /// piece, not joined first: the same text, without building it. A screen a container holds presents nothing
    /// of its own (in Core the screen at the root of the containment presents, and a screen that presents cannot
    /// be contained), so its presented screen is looked for only when it is not `isContained`.
    private mutating func writeChildren(of screen: ViewController, depth: Int, isContained: Bool) {
        let inner = depth + 1
        if let navigation = screen as? NavigationController {
            for child in navigation.viewControllers {
                write(child, role: nil, depth: inner, isFirst: false)
            }
        } else if let container = screen as? ContainerViewController {
            let selected = container.selectedViewController
            for child in container.viewControllers {
                write(child, role: child === selected ? Role("selected") : nil, depth: inner, isFirst: false)
            }
        } else if let split = screen as? SplitViewController {
            let collapsed = split.isCollapsed ? ", collapsed" : ""
            for column in SplitViewController.Column.allCases {
                write(
                    split.navigation(for: column), role: Role(column.rawValue, " column", collapsed), depth: inner,
                    isFirst: false)
            }
        } else if let container = screen as? PageViewController {
            let count = container.pages.count
            for (index, page) in container.pages.enumerated() {
                let role = "page \(index + 1) of \(count)" + (index == container.currentIndex ? ", current" : "")
                write(page, role: Role(role), depth: inner, isFirst: false)
            }
        } else if let tabBar = screen as? TabBarController {
            let selected = tabBar.selectedViewController
            for tab in tabBar.tabs {
                let child = tab.screen.viewController
                let mark = child === selected ? ", selected" : ""
                // A badge is content: the navigation key leaves it out, as the structure-only lines do.
                let contentRole =
                    if let badge = tab.item.badge {
                        Role("tab ", tab.item.id, ", badge \"", badge, "\"", mark)
                    } else {
                        Role("tab ", tab.item.id, mark)
                    }
                write(
                    child, role: Role("tab ", tab.item.id, mark), contentRole: contentRole, depth: inner,
                    isFirst: false)
            }
        }
        if !isContained, let presented = screen.presentedViewController, presented.presentingViewController === screen {
            write(
                presented, role: Role("presented ", presented.modalPresentationStyle.rawValue), depth: inner,
                isFirst: false, isContained: false)
        }
    }

    /// A screen's role in what holds it, as the pieces of its text, in order (empty pieces write nothing).
    private struct Role {
        let pieces: (String, String, String, String, String, String)

        init(
            _ first: String, _ second: String = "", _ third: String = "", _ fourth: String = "", _ fifth: String = "",
            _ sixth: String = ""
        ) {
            pieces = (first, second, third, fourth, fifth, sixth)
        }

        func write(to sink: Sink) {
            sink.write(pieces.0)
            if !pieces.1.isEmpty { sink.write(pieces.1) }
            if !pieces.2.isEmpty { sink.write(pieces.2) }
            if !pieces.3.isEmpty { sink.write(pieces.3) }
            if !pieces.4.isEmpty { sink.write(pieces.4) }
            if !pieces.5.isEmpty { sink.write(pieces.5) }
        }
    }

    /// Writes ` (role, on top)`, or what of it applies, or nothing.
    private static func writeNotes(role: Role?, isOnTop: Bool, to sink: Sink) {
        switch (role, isOnTop) {
        case (let role?, true):
            sink.write(" (")
            role.write(to: sink)
            sink.write(", on top)")
        case (let role?, false):
            sink.write(" (")
            role.write(to: sink)
            sink.write(")")
        case (nil, true): sink.write(" (on top)")
        case (nil, false): break
        }
    }

    /// Writes the digest of the lines ``writeContent(_:indent:)`` writes for `content` at `indent`, and the text of
    /// its fields: what the key's digest holds of a screen's content. The lines' digest is kept per screen id and
    /// indent for the few contents met last, and taken again when the content is equal, so a screen that shows
    /// what it showed before is not written and hashed again. Equal content writes equal lines, so the same text
    /// still has the same digest.
    private mutating func writeContentDigest(
        of screen: ViewController, _ content: ScreenContent, indent: String, to key: ExplorationKeyDigest
    ) {
        let place = ContentPlace(screenID: screen.screenID, indentCount: indent.utf8.count)
        var met = ContentDigests.met[place] ?? []
        var found: ExplorationKeyDigest.Value?
        // A loop rather than a closure, which Swift would check to run on the main actor at every call.
        for entry in met where entry.content == content {
            found = entry.digest
            break
        }
        let digest: ExplorationKeyDigest.Value
        if let found {
            digest = found
        } else {
            var lines = ExplorationKeyWriter<ExplorationKeyDigest>(
                writesKey: true, writesNavigationKey: false, writesExactKey: false, writesFieldValues: false)
            lines.writeContent(content, indent: indent)
            digest = lines.key.value
            if met.count >= ContentDigests.perPlace { met.removeFirst() }
            met.append((content, digest))
            if ContentDigests.met.count >= ContentDigests.places { ContentDigests.met.removeAll(keepingCapacity: true) }
            ContentDigests.met[place] = met
        }
        key.write("\n\u{0}")
        key.write(digest)
        if writesFieldValues {
            for element in content.elements {
                guard case .field(let field) = element else { continue }
                fieldValues.write(field.displayedValue)
                fieldValues.write("\u{0}")
            }
        }
    }

    private mutating func writeContent(_ content: ScreenContent, indent: String) {
        for element in content.elements {
            toContent("\n")
            toContent(indent)
            switch element {
            case .text(let text):
                toContent("text: ")
                toContent(text)
            case .field(let field):
                toContent("field ")
                toContent(field.id)
                toContent(" \"")
                toContent(field.label)
                toContent(field.isSecure ? "\" secure" : "\"")
                if writesExactKey {
                    exactKey.write(": \"")
                    exactKey.write(field.displayedValue)
                    exactKey.write("\"")
                }
                if writesFieldValues {
                    fieldValues.write(field.displayedValue)
                    fieldValues.write("\u{0}")
                }
            case .button(let button):
                toContent("button ")
                toContent(button.id)
                toContent(" \"")
                toContent(button.title)
                toContent(button.isEnabled ? "\"" : "\" (disabled)")
            case .list(let list):
                toContent("list ")
                toContent(list.id)
                if list.items.isEmpty {
                    toContent(": ")
                    toContent(list.emptyMessage ?? "(empty)")
                }
                for item in list.items {
                    toContent("\n")
                    toContent(indent)
                    toContent("  row ")
                    toContent(item.id)
                    toContent(" \"")
                    toContent(item.title)
                    toContent("\"")
                    if let subtitle = item.subtitle {
                        toContent(" | ")
                        toContent(subtitle)
                    }
                    if let detail = item.detail {
                        toContent(" | ")
                        toContent(detail)
                    }
                    if let action = item.actionID {
                        toContent(" -> ")
                        toContent(action)
                    }
                }
            case .segmentedControl(let control):
                toContent("segments ")
                toContent(control.id)
                toContent(": ")
                for (index, segment) in control.segments.enumerated() {
                    if index > 0 { toContent(" ") }
                    toContent(segment.id == control.selectedID ? "[" + segment.title + "]" : segment.title)
                }
            }
        }
        if let error = content.errorMessage {
            toContent("\n")
            toContent(indent)
            toContent("error: ")
            toContent(error)
        }
    }
}

/// The indents of a key's lines: two spaces a level, built once for the levels met.
private enum KeyIndent {
    private static let built = (0...32).map { String(repeating: "  ", count: $0) }

    /// The indent of level `depth`.
    static func of(_ depth: Int) -> String {
        depth < built.count ? built[depth] : String(repeating: "  ", count: depth)
    }
}

/// Where a screen's content is written in a key: the screen's id and the indent of its lines.
private struct ContentPlace: Hashable {
    let screenID: String
    let indentCount: Int
}

/// The digests of the content lines met last, by place (``ExplorationKeyWriter/writeContentDigest(of:_:indent:to:)``).
@MainActor
private enum ContentDigests {
    /// How many contents each place keeps, the newest last.
    static let perPlace = 4
    /// How many places are kept before all are forgotten.
    static let places = 4_096
    /// The contents met and their lines' digests. Touched on the main actor only, in accesses that call no other
    /// code, so checked for overlapping access at compile time only.
    @exclusivity(unchecked)
    static var met: [ContentPlace: [(content: ScreenContent, digest: ExplorationKeyDigest.Value)]] = [:]
}

extension UInt64 {
    /// The bits turned left by `count`, those that leave at the top coming back at the bottom.
    @inline(__always)
    fileprivate func rotateLeft(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}

/// The coordinator tree under a root, read once, breadth first: each coordinator with its name and where its
/// children are in the list (together, in their order, after every coordinator of the levels above).
///
/// A walk is read while the subject's root holds the tree, so it holds the coordinators unowned: retaining each
/// one (they have side tables, as the features hold their listeners weakly) cost more than the rest of a walk.
@MainActor
struct ExplorationTreeWalk {
    /// A coordinator of the tree, its name, and where its children are.
    struct Node {
        let coordinator: Unmanaged<Coordinator>
        let name: String
        let childIndices: Range<Int>
    }

    /// Every coordinator of the tree, breadth first, the root first.
    private(set) var nodes: [Node] = []

    /// Appends every child in `slots` (``Coordinator/childSlotList``) to `list`. A slot is one reference, `nil`
    /// being zero: read as an address, no child is retained. Not isolated, so that Swift does not check the
    /// isolation of the closures at every call.
    private nonisolated static func appendChildren(in slots: [Coordinator?], to list: inout [Unmanaged<Coordinator>]) {
        slots.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafeRawPointer?.self) { addresses in
                for case let address? in addresses { list.append(Unmanaged.fromOpaque(address)) }
            }
        }
    }

    init(root: Coordinator) {
        var coordinators: [Unmanaged<Coordinator>] = [.passUnretained(root)]
        coordinators.reserveCapacity(32)
        nodes.reserveCapacity(16)
        var next = 0
        while next < coordinators.count {
            let first = coordinators.count
            // Read through a guaranteed reference, which Swift does not retain. The closure is checked to run on
            // the main actor, which costs less than a retain and a release of an object with a side table.
            let unmanaged = coordinators[next]
            let node = unmanaged._withUnsafeGuaranteedRef { coordinator in
                // Most coordinators are leaves: their list of children is not read.
                if coordinator.childCount > 0 { Self.appendChildren(in: coordinator.childSlotList, to: &coordinators) }
                return Node(coordinator: unmanaged, name: coordinator.name, childIndices: first..<coordinators.count)
            }
            nodes.append(node)
            next += 1
        }
    }
}
