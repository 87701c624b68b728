import Core
import Testing

/// Shrunk sequences that once made Core disagree with the reference model, each kept with the fix it led to.
struct ModelRegressions: Sendable, CustomTestStringConvertible {
    let name: String
    let operations: [ModelOperation]
    /// Whether the sequence runs on a manual clock.
    var timed = false
    /// Whether the window's tab bar has the split tab; the sequences found before it was added run without.
    var splitTab = true

    var testDescription: String { name }

    static let all: [ModelRegressions] = [
        ModelRegressions(
            name: "a child attached to a stopped coordinator is stopped when the coordinator is removed",
            operations: [
                .present(target: 837, style: .overFullScreen, kind: .navigation, modal: false),
                .attach(parent: 629, target: 446, placement: .push, kind: .plain, modal: false),
                .stop(coordinator: 310),
                .attach(parent: 703, target: 935, placement: .push, kind: .plain, modal: false),
                .dismiss(target: 306),
            ],
            splitTab: false),
        ModelRegressions(
            name: """
                a child switched in while its container appears in a dismissal appears with it and takes no tap                 until the dismissal ends, as UIKit ignores touches during a transition
                """,
            operations: [
                // A container pushed onto the first tab, holding a second child that is embedded, then hidden.
                .push(target: 1, kind: .container, modal: false),
                .attach(parent: 0, target: 0, placement: .embed, kind: .plain, modal: false),
                .select(container: 0, index: 0),
                .request(coordinator: 0, change: .present(.fullScreen)),
                .advance(milliseconds: 300),
                .request(coordinator: 0, change: .dismiss),
                .select(container: 0, index: 1),
                .tap,
            ],
            timed: true, splitTab: false),
        ModelRegressions(
            name: "the back is refused when a hidden child of the screen it would pop refuses it",
            operations: [
                .push(target: 406, kind: .plain, modal: false),
                .push(target: 595, kind: .container, modal: true),
                .attach(parent: 602, target: 217, placement: .embed, kind: .plain, modal: false),
                .back(.backButton),
            ],
            splitTab: false),
        ModelRegressions(
            name: """
                a collapsed split whose primary stack went back below its own screens moves a screen pushed \
                then into the secondary column when it expands
                """,
            operations: [
                .sizeClass(regular: true),
                .push(target: 569, kind: .plain, modal: false),
                .push(target: 539, kind: .plain, modal: false),
                .push(target: 135, kind: .plain, modal: true),
                .push(target: 652, kind: .plain, modal: false),
                .attach(parent: 212, target: 443, placement: .overFullScreen, kind: .split, modal: true),
                .attach(parent: 837, target: 935, placement: .push, kind: .plain, modal: true),
                .sizeClass(regular: false),
                .push(target: 237, kind: .plain, modal: false),
                .popToRoot(target: 302),
                .push(target: 452, kind: .split, modal: true),
                .sizeClass(regular: true),
            ],
            splitTab: false),
        ModelRegressions(
            name: "a split presented with an animation in a narrow window appears collapsed, not side by side",
            operations: [
                .animated(.present(target: 0, style: .fullScreen, kind: .split, modal: false)),
                .advance(milliseconds: 300),
            ],
            timed: true),
        ModelRegressions(
            name: "a tap reaches the list when the item beside it is a page container left without pages",
            operations: [
                .sizeClass(regular: true),
                .animated(.showDetail(split: 175, kind: .pages, modal: false)),
                .tab(index: 2, tapped: true),
                .setPages(container: 15, keep: 0, fresh: false, current: 1),
                .tap,
            ],
            timed: true),
        ModelRegressions(
            name: "the back button closes the item of a wide split that lets it, while it moves a size change waits",
            operations: [
                .sizeClass(regular: true),
                .tab(index: 2, tapped: false),
                .showDetail(split: 0, kind: .plain, modal: false),
                .closesOnBack(split: 0, on: true),
                .back(.swipeBack),
                .back(.backButton),
                .sizeClass(regular: false),
                .request(coordinator: 0, change: .push),
                .advance(milliseconds: 300),
                .back(.backButton),
            ],
            timed: true),
    ]
}
