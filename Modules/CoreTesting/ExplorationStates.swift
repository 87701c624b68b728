import Core
import Foundation

/// A state's keys and digests, the screens each coordinator owns, and the drift between the tree and the
/// screens: what ``Explorer`` reads of a subject after every input.
extension Explorer {
    /// A state's key: the screens (ids, nesting, presentation, and what each shows but the text typed into its
    /// fields), then the coordinator tree.
    static func key(of subject: ExplorationSubject) -> String {
        (subject.window.screenLines(includingContent: true, fieldValues: false) + widthLines(of: subject.window)
            + ["--"] + treeKey(of: subject.root))
            .joined(separator: "\n")
    }

    /// ``key(of:)``, written in one walk of the screens and one of the tree.
    static func keyText(of subject: ExplorationSubject) -> String {
        ExplorationKeyWriter<ExplorationKeyText>.write(of: subject, key: true).key.text
    }

    /// A state's key with the text in its fields: what a subject built from a snapshot must show to stand for the
    /// state the snapshot was taken in.
    static func exactKey(of subject: ExplorationSubject) -> String {
        ExplorationKeyWriter<ExplorationKeyText>.write(of: subject, exactKey: true).exactKey.text
    }

    /// ``exactKey(of:)`` from the lines ``key(of:)`` is made of: the definition the writer is held to.
    static func exactKeyFromLines(of subject: ExplorationSubject) -> String {
        (subject.window.screenLines(includingContent: true, fieldValues: true) + widthLines(of: subject.window)
            + ["--"] + treeKey(of: subject.root))
            .joined(separator: "\n")
    }

    /// The digest that stands for ``exactKey(of:)`` (see ``digests(of:navigationKey:)``).
    static func exactDigest(of subject: ExplorationSubject) -> ExplorationKeyDigest.Value {
        digests(of: subject, navigationKey: false).exactKey
    }

    /// ``navigationKey(of:)``, written in one walk of the screens and one of the tree.
    static func currentNavigationKey(of subject: ExplorationSubject) -> String {
        ExplorationKeyWriter<ExplorationKeyText>.write(of: subject, navigationKey: true).navigationKey.text
    }

    /// The digests of ``key(of:)``, of ``navigationKey(of:)`` and of ``exactKey(of:)`` (``ExplorationKeyDigest/exactKey(key:fieldValues:)``),
    /// in one walk: what the explorer compares after every input. Without `navigationKey`, the navigation's digest is left empty.
    static func digests(
        of subject: ExplorationSubject, navigationKey: Bool = true
    ) -> (
        key: ExplorationKeyDigest.Value, navigationKey: ExplorationKeyDigest.Value, exactKey: ExplorationKeyDigest.Value
    ) {
        let writer = ExplorationKeyWriter<ExplorationKeyDigest>.write(
            of: subject, key: true, navigationKey: navigationKey, fieldValues: true)
        return (
            writer.key.value, writer.navigationKey.value,
            ExplorationKeyDigest.exactKey(key: writer.key.value, fieldValues: writer.fieldValues.value)
        )
    }

    /// The digest of ``navigationKey(of:)``.
    static func navigationDigest(of subject: ExplorationSubject) -> ExplorationKeyDigest.Value {
        ExplorationKeyWriter<ExplorationKeyDigest>.write(of: subject, navigationKey: true).navigationKey.value
    }

    /// The coordinator tree with each coordinator's children in order of their subtrees' text: the order in which
    /// siblings were attached is not something a person sees, so two paths that open the same children in another
    /// order reach one state.
    static func treeKey(of coordinator: Coordinator, indent: String = "") -> [String] {
        // Each subtree's text is joined once, not again at every comparison of the sort.
        let children = coordinator.children.map { child in
            let lines = treeKey(of: child, indent: indent + "  ")
            return (text: lines.joined(separator: "\n"), lines: lines)
        }
        .sorted { $0.text < $1.text }
        return [indent + coordinator.name] + children.flatMap(\.lines)
    }

    /// The window's width when it is not the default compact one: a resize is part of the state a person is in.
    private static func widthLines(of window: Window) -> [String] {
        window.horizontalSizeClass == .compact ? [] : ["width: \(window.horizontalSizeClass.rawValue)"]
    }

    /// The navigation of a state: the screens (ids, nesting, presentation) and the coordinator tree, which a
    /// refused input must not change and the way back must restore.
    static func navigationKey(of subject: ExplorationSubject) -> String {
        (subject.window.screenLines(includingContent: false) + widthLines(of: subject.window) + ["--"]
            + treeKey(of: subject.root))
            .joined(separator: "\n")
    }

    /// A key on one line, for a message.
    static func summary(of key: String) -> String {
        let parts = key.components(separatedBy: "\n--\n")
        let screens = parts[0].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let tree =
            parts.count > 1 ? parts[1].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } : []
        return "[screens: \(screens.joined(separator: ", "))] [coordinators: \(tree.joined(separator: ", "))]"
    }

    /// The viewable coordinators of the tree `walk` went through, breadth first: each one's identity, its name and
    /// its screen.
    private static func viewables(in walk: ExplorationTreeWalk) -> [Viewable] {
        var found: [Viewable] = []
        for node in walk.nodes {
            // Read through a guaranteed reference, which Swift does not retain (see ``ExplorationTreeWalk``).
            let (coordinator, screen) = node.coordinator._withUnsafeGuaranteedRef {
                (ObjectIdentifier($0), $0.viewableScreen)
            }
            if let screen { found.append(Viewable(coordinator: coordinator, name: node.name, screen: screen)) }
        }
        return found
    }

    /// A viewable coordinator of a walk: its identity, its name and its screen.
    private struct Viewable {
        let coordinator: ObjectIdentifier
        let name: String
        let screen: ViewController
    }

    /// Each shown screen and the coordinator that owns it, to find a screen that outlives its coordinator's place
    /// in the tree: the screen held weakly, the coordinator by its identity alone, which is enough to tell whether
    /// the coordinator in the tree there still owns that very screen.
    struct OwnedScreen {
        @Weak var screen: ViewController?
        let coordinator: ObjectIdentifier
        let screenID: String
        let coordinatorName: String
    }

    static func ownedScreens(of subject: ExplorationSubject) -> [OwnedScreen] {
        let current = viewables(in: ExplorationTreeWalk(root: subject.root))
        var owned: [OwnedScreen] = []
        owned.reserveCapacity(current.count)
        for viewable in current {
            owned.append(
                OwnedScreen(
                    screen: viewable.screen, coordinator: viewable.coordinator, screenID: viewable.screen.screenID,
                    coordinatorName: viewable.name))
        }
        return owned
    }

    /// Where the tree and the screens disagree: a coordinator whose screen is not in the window, or a screen
    /// still shown whose coordinator left the tree since `shownBefore` (the screens owned before the last input).
    static func drift(of subject: ExplorationSubject, shownBefore: [OwnedScreen]) -> [String] {
        let walk = ExplorationTreeWalk(root: subject.root)
        let writer = ExplorationKeyWriter<ExplorationKeyDigest>.write(of: subject, screens: true)
        return disagreements(in: walk, screens: writer.screens, shownBefore: shownBefore, readsOwnedScreens: false)
            .drift
    }

    /// What ``reading(of:navigationKey:shownBefore:)`` reads of a subject.
    struct Reading {
        /// The digests of the key, of the navigation (empty unless asked for) and of the exact key, as
        /// ``digests(of:navigationKey:)`` gives them.
        let key: ExplorationKeyDigest.Value
        let navigationKey: ExplorationKeyDigest.Value
        let exactKey: ExplorationKeyDigest.Value
        /// Where the tree and the screens disagree (``drift(of:shownBefore:)``), and the screens owned now
        /// (``ownedScreens(of:)``).
        let drift: [String]
        let ownedScreens: [OwnedScreen]
    }

    /// What the explorer reads of a subject after an input, from one walk of the screens and one of the tree: the
    /// digests (the navigation's when `navigationKey`), the drift since `shownBefore`, and the screens owned now.
    static func reading(of subject: ExplorationSubject, navigationKey: Bool, shownBefore: [OwnedScreen]) -> Reading {
        let walk = ExplorationTreeWalk(root: subject.root)
        let writer = ExplorationKeyWriter<ExplorationKeyDigest>.write(
            of: subject, key: true, navigationKey: navigationKey, fieldValues: true, screens: true, tree: walk)
        let (drift, owned) = disagreements(in: walk, screens: writer.screens, shownBefore: shownBefore)
        return Reading(
            key: writer.key.value, navigationKey: writer.navigationKey.value,
            exactKey: ExplorationKeyDigest.exactKey(key: writer.key.value, fieldValues: writer.fieldValues.value),
            drift: drift, ownedScreens: owned)
    }

    /// The drift between the tree `walk` went through and the window holding `screens`, since `shownBefore`, and
    /// the screens owned now (empty unless `readsOwnedScreens`). Both are read at one moment, with every screen
    /// compared alive: a screen is in the window exactly when it is among `screens`, and a screen shown before
    /// still has its coordinator in the tree exactly when the coordinator there by that identity owns it now.
    private static func disagreements(
        in walk: ExplorationTreeWalk, screens: [ObjectIdentifier], shownBefore: [OwnedScreen],
        readsOwnedScreens: Bool = true
    ) -> (drift: [String], ownedScreens: [OwnedScreen]) {
        let current = viewables(in: walk)
        var owned: [OwnedScreen] = []
        if readsOwnedScreens { owned.reserveCapacity(current.count) }
        var problems: [String] = []
        for viewable in current {
            let screen = viewable.screen
            if readsOwnedScreens {
                owned.append(
                    OwnedScreen(
                        screen: screen, coordinator: viewable.coordinator, screenID: screen.screenID,
                        coordinatorName: viewable.name))
            }
            if !screens.contains(ObjectIdentifier(screen)) {
                problems.append(
                    "\(viewable.name) is in the tree, but its screen \(screen.screenID) is not in the window")
            }
        }
        for before in shownBefore {
            guard let screen = before.screen, screens.contains(ObjectIdentifier(screen)) else { continue }
            var owner: Viewable?
            for viewable in current where viewable.coordinator == before.coordinator {
                owner = viewable
                break
            }
            if let owner, owner.screen === screen { continue }
            problems.append(
                "the screen \(before.screenID) is shown, but its coordinator \(before.coordinatorName) left the tree")
        }
        return (problems, owned)
    }
}
