import Core

/// What the full-screen terminal shows of a window, as values: the navigation path, the content of the screen on
/// top (and of its presenter when a sheet is drawn over it), and the coordinator tree for the panel.
///
/// Built from a live window by ``init(window:root:notice:)``; laid out by ``ScreenLayout``, which needs nothing
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
    /// The coordinator tree beside the screen hierarchy, for the panel.
    var panel: [StyledLine]

    init(
        path: [String], canGoBack: Bool = false, notice: String? = nil, content: [StyledLine], sheet: Sheet? = nil,
        panel: [StyledLine] = []
    ) {
        self.path = path
        self.canGoBack = canGoBack
        self.notice = notice
        self.content = content
        self.sheet = sheet
        self.panel = panel
    }

    /// What `window` shows now, with `root`'s coordinator tree for the panel.
    @MainActor
    init(window: Window, root: Coordinator, notice: String?) {
        let onTop = window.screensOnTop
        let levels = window.rootViewController.map { [$0] + window.presentedViewControllers } ?? []
        let topPath = levels.last.map(ScreenRenderer.visiblePath(from:)) ?? []
        let breadcrumb = ScreenRenderer.breadcrumb(topPath)
        path =
            breadcrumb.isEmpty
            ? ScreenRenderer.contentScreens(of: topPath).prefix(1).map(ScreenRenderer.title(of:)) : breadcrumb
        canGoBack = onTop.contains { ($0 as? NavigationController).map { $0.viewControllers.count > 1 } ?? false }
        self.notice = notice
        var number = 0
        let topLines = Self.lines(of: topPath, number: &number)
        if levels.count > 1, let top = levels.last, top.modalPresentationStyle != .fullScreen {
            var ignored = 0
            let presenterPath = ScreenRenderer.visiblePath(from: levels[levels.count - 2])
            content = Self.lines(of: presenterPath, number: &ignored).map { line in
                line.map { StyledSpan($0.text, .dim) }
            }
            sheet = Sheet(caption: ScreenRenderer.describe(top.modalPresentationStyle), lines: topLines)
        } else {
            content = topLines
            sheet = nil
        }
        var panel: [StyledLine] = [[StyledSpan("Coordinators", .bold)]]
        panel += StateReport.coordinatorLines(root).map { [StyledSpan($0)] }
        panel.append([])
        panel.append([StyledSpan("Screens", .bold)])
        panel += StateReport.screenLines(window).map { [StyledSpan($0, $0.hasSuffix("<- top") ? .accent : .plain)] }
        self.panel = panel
    }

    // MARK: - Content

    @MainActor
    private static func lines(of path: [ViewController], number: inout Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var isFirstTitle = true
        for screen in ScreenRenderer.contentScreens(of: path) {
            let content = screen.content
            if !content.title.isEmpty {
                lines.append([StyledSpan(isFirstTitle ? content.title : "· " + content.title, .bold)])
                if isFirstTitle { lines.append([]) }
                isFirstTitle = false
            }
            for element in content.elements {
                lines += self.lines(of: element, number: &number)
            }
            if let message = content.errorMessage {
                lines.append([StyledSpan("! " + message, .error)])
            }
        }
        return lines
    }

    private static func lines(of element: ScreenElement, number: inout Int) -> [StyledLine] {
        switch element {
        case .text(let text):
            return [[StyledSpan(text)]]
        case .field(let field):
            let kind = field.isSecure ? ", secure" : ""
            return [
                [
                    StyledSpan(field.label + " "), StyledSpan("(set \(field.id)\(kind))", .dim),
                    StyledSpan(": " + field.displayedValue),
                ]
            ]
        case .button(let button):
            number += 1
            let availability = button.isEnabled ? "" : ", unavailable"
            return [
                [
                    StyledSpan("[\(number)]", .accent), StyledSpan(" " + button.title + " "),
                    StyledSpan("(\(button.id)\(availability))", .dim),
                ]
            ]
        case .list(let list):
            guard !list.items.isEmpty else {
                return list.emptyMessage.map { [[StyledSpan("  " + $0, .dim)]] } ?? []
            }
            var lines: [StyledLine] = []
            for item in list.items {
                var head = item.title
                if let detail = item.detail { head += " · " + detail }
                if let actionID = item.actionID {
                    number += 1
                    lines.append([
                        StyledSpan("[\(number)]", .accent), StyledSpan(" " + head + " "),
                        StyledSpan("(\(actionID))", .dim),
                    ])
                } else {
                    lines.append([StyledSpan("  - " + head)])
                }
                if let subtitle = item.subtitle {
                    lines.append([StyledSpan("      " + subtitle)])
                }
            }
            return lines
        case .segmentedControl(let control):
            var line: StyledLine = []
            for segment in control.segments {
                number += 1
                let isSelected = segment.id == control.selectedID
                line.append(StyledSpan(line.isEmpty ? "" : " "))
                line.append(StyledSpan(" [\(number)] \(segment.title) ", isSelected ? .selectedTab : .plain))
            }
            return [line, []]
        }
    }
}
