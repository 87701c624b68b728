import AppInterface
import Core

/// What the full-screen terminal shows of a window, as values: the navigation path, the content of the screen on
/// top (and of its presenter when a sheet is drawn over it), and the coordinator tree for the panel.
///
/// Built from a snapshot of the window by ``init(snapshot:notice:)``; laid out by ``ScreenLayout``, which needs nothing
/// else, so the layout is tested with values alone. Actions are numbered as ``ScreenRenderer`` numbers them, so
/// typing a number performs the action drawn beside it.
struct ScreenModel: Equatable, Sendable {
    /// A screen presented over another and drawn framed over it.
    struct Sheet: Equatable, Sendable {
        /// The frame's caption, such as `sheet` or `form sheet`.
        var caption: String
        /// The presented screen's content.
        var lines: [StyledLine]
    }

    /// The titles of the navigation path on top, root first.
    var path: [String]
    /// Whether `back` would go somewhere.
    var canGoBack: Bool
    /// The app's word about the screen (the link that waits for a log-in), if any.
    var notice: String?
    /// The content drawn full size: the screen on top, or the presenter of ``sheet``.
    var content: [StyledLine]
    /// A screen drawn framed over ``content``.
    var sheet: Sheet?
    /// The content drawn beside ``content``, right of a rule: the open item of a split shown side by side.
    var secondColumn: [StyledLine]?
    /// The coordinator tree beside the screen hierarchy, for the panel, and under them the tree's latest changes.
    var panel: [StyledLine]
    /// Where the panel's Changes heading is, when it lists changes.
    var changesHeading: Int?
    /// How far a held swipe has moved what it would remove, drawn as the person drags it, or how far a transition
    /// in flight has moved the screens it shows or hides; `nil` when nothing moves.
    var slide: Slide?
    /// The tab bar on top, drawn along the bottom of the screen, or `nil` when none is on top.
    var tabBar: StyledLine?
    /// Who is logged in, drawn at the right of the navigation bar, or `nil` when nobody is.
    var account: String?

    /// A held swipe, or a transition in flight, drawn part way.
    enum Slide: Equatable, Sendable {
        /// The screen on top slid right by `progress` of its width, over the screen it would reveal (`revealed`,
        /// drawn dimmed).
        case back(progress: Double, revealed: [StyledLine])
        /// The sheet slid down by `progress` of the space under its top border.
        case down(progress: Double)
    }

    init(
        path: [String], canGoBack: Bool = false, notice: String? = nil, content: [StyledLine], sheet: Sheet? = nil,
        panel: [StyledLine] = [], slide: Slide? = nil, tabBar: StyledLine? = nil, account: String? = nil,
        secondColumn: [StyledLine]? = nil
    ) {
        self.account = account
        self.secondColumn = secondColumn
        self.path = path
        self.canGoBack = canGoBack
        self.notice = notice
        self.content = content
        self.sheet = sheet
        self.panel = panel
        self.slide = slide
        self.tabBar = tabBar
    }

    /// What `snapshot` shows, with its coordinator tree for the panel and below it `treeChanges` (the latest changes
    /// of the tree as it reported them, oldest first), drawn as `presentation` says, with `account` logged in.
    @MainActor
    init(
        snapshot: ScreenSnapshot, notice: String?, presentation: ScreenPresentation = .lineMode,
        account: String? = nil, treeChanges: [String] = []
    ) {
        let levels = snapshot.levels
        let topPath = snapshot.screensOnTop
        let breadcrumb = ScreenRenderer.breadcrumb(topPath)
        path = breadcrumb.isEmpty ? ScreenRenderer.contentScreens(of: topPath).prefix(1).map(\.title) : breadcrumb
        canGoBack = snapshot.canGoBack
        self.notice = notice
        self.account = account
        // The navigation bar shows the title of the screen on top: the content does not draw it again.
        let topLines = Self.lines(of: topPath, presentation: presentation, omittingTitle: path.last)
        let columns = snapshot.sideBySideColumns
        if columns.count == 2 {
            // The list and the open item side by side: the path reads from the list to the item, and each column
            // keeps its title.
            path = columns.flatMap(ScreenRenderer.breadcrumb)
            let lines = ScreenLines(columns: columns, presentation: presentation).columnLines.map { column in
                column.filter { line in !line.contains { $0.style == .rule } }
            }
            content = lines[0]
            secondColumn = lines[1]
        } else if levels.count > 1, let top = levels.last, top.style != .fullScreen {
            let presenterPath = levels[levels.count - 2].screen.visiblePath
            content = Self.dimmed(Self.lines(of: presenterPath, presentation: .init(showsIDs: presentation.showsIDs)))
            sheet = Sheet(caption: ScreenRenderer.describe(top.style), lines: topLines)
        } else {
            content = topLines
            sheet = nil
        }
        let plain = ScreenPresentation(showsIDs: presentation.showsIDs)
        slide =
            Self.slide(of: snapshot.heldTransition, topPath: topPath, presentation: plain)
            ?? Self.motion(
                of: snapshot.transitions.last, levels: levels, topPath: topPath,
                screenIDs: Self.screenIDs(in: snapshot), presentation: plain)
        var panel: [StyledLine] = [[StyledSpan("Coordinators", .bold)]]
        panel += StateReport.coordinatorLines(snapshot.coordinators).map { [StyledSpan($0)] }
        panel.append([])
        panel.append([StyledSpan("Screens", .bold)])
        panel += StateReport.screenLines(snapshot).map { [StyledSpan($0, $0.hasSuffix("<- top") ? .accent : .plain)] }
        if !treeChanges.isEmpty {
            panel.append([])
            changesHeading = panel.count
            panel.append([StyledSpan("Changes", .bold)])
            panel += treeChanges.map { [StyledSpan($0, .dim)] }
        }
        self.panel = panel
        tabBar = ScreenLines.tabBarLine(in: snapshot, showsIDs: presentation.showsIDs)
    }

    /// The panel in `height` rows: whole when it fits; otherwise the tree and the screens, and under the Changes
    /// heading the newest changes that fit, since what just happened is what a person looks for there.
    func panel(fitting height: Int) -> [StyledLine] {
        guard panel.count > height, let heading = changesHeading, heading + 1 < height else { return panel }
        return Array(panel[...heading]) + panel[(heading + 1)...].suffix(height - heading - 1)
    }

    // MARK: - Content

    /// `lines` drawn behind what is on top: dimmed, and reaching nothing when clicked.
    static func dimmed(_ lines: [StyledLine]) -> [StyledLine] {
        lines.map { line in line.map { StyledSpan($0.text, .dim) } }
    }

    /// The swipe `held`, if one is held: for a swipe back, with the screen it would reveal in the innermost
    /// navigation stack of `topPath`.
    @MainActor
    static func slide(
        of held: TransitionInfo?, topPath: [ScreenSnapshot.Screen], presentation: ScreenPresentation
    ) -> Slide? {
        guard let held else { return nil }
        guard held.kind == .swipeBack else { return .down(progress: held.progress) }
        guard let index = topPath.lastIndex(where: { $0.kind == .navigation && $0.children.count > 1 }) else {
            return .back(progress: held.progress, revealed: [])
        }
        let stack = topPath[index].children
        let revealedPath = Array(topPath[...index]) + stack[stack.count - 2].visiblePath
        return .back(progress: held.progress, revealed: dimmed(lines(of: revealedPath, presentation: presentation)))
    }

    /// The content of `path` as the full screen lays it out: the lines ``ScreenLines`` produces as
    /// `presentation` says, without the rule under the first title, and without that title when it is `omitted`
    /// (the navigation bar shows it).
    @MainActor
    static func lines(
        of path: [ScreenSnapshot.Screen], presentation: ScreenPresentation, omittingTitle omitted: String? = nil
    ) -> [StyledLine] {
        var lines = ScreenLines(of: path, presentation: presentation).lines
        guard let ruleIndex = lines.firstIndex(where: { line in line.contains { $0.style == .rule } }) else {
            return lines
        }
        lines.remove(at: ruleIndex)
        if ruleIndex > 0, let omitted, lines[ruleIndex - 1].map(\.text).joined() == omitted {
            lines.remove(at: ruleIndex - 1)
        }
        return lines
    }
}
