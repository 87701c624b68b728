/// Lays out the full screen: a pure function from what the window shows (``ScreenModel``), what the command line
/// holds (``Chrome``) and a terminal size to rows of cells, each exactly as wide as the terminal.
///
/// From top to bottom: the navigation bar (back, the path, a notice), the content (clipped, scrolled by Page
/// Up / Page Down, a sheet framed over its presenter, the tree panel on the right when the terminal is wide enough),
/// the tab bar when one is on top, the last command's output and error, the status line with the keys, and the
/// command line.
enum ScreenLayout {
    /// What the terminal session adds around the screen.
    struct Chrome: Equatable, Sendable {
        /// Written before the input: `> `, or a secure field's label.
        var prompt = "> "
        /// The input as shown (a secure value already masked).
        var input = ""
        /// Where the cursor is in `input`, in characters.
        var cursor = 0
        /// What the last command printed (`help`, `state`, `tree`), drawn below the content.
        var output: [StyledLine] = []
        /// Why the last command failed, if it did.
        var error: String?
        /// The status line: the keys, or a question.
        var status = ""
        /// How many rows the content is scrolled down.
        var scroll = 0
        /// How many rows the output is scrolled down.
        var outputScroll = 0
        /// Whether the coordinator tree panel is wanted.
        var showsPanel = true
        /// Whether to scroll the screen's inline error into view (after a command), whatever ``scroll`` says.
        var revealsError = false
        /// Whether to scroll the first row of what has the focus into view, whatever ``scroll`` says.
        var revealsFocus = false
        /// With ``revealsFocus``, whether every row of it (a post and its text) is scrolled into view.
        var revealsWholeFocus = false
        /// Whether every row of what has the focus is kept in view, whatever ``scroll`` says, before the inline
        /// error is scrolled into view: what the window does around a focus that showed whole (rows loaded above
        /// it, a text that grew) never scrolls it away; only the person does, with Page Up / Page Down.
        var keepsFocusInView = false
        /// Whether the command line is open (after `:`): the cursor is there. Otherwise the cursor is in the
        /// field being typed into, or hidden.
        var isCommandLineOpen = true
        /// The keys that work now, most useful first: when given, the status line shows as many as fit, each
        /// whole, instead of ``status``.
        var hints: [String] = []
        /// Where the cursor is in the field being typed into, in characters, when one is.
        var draftCursor: Int?
    }

    /// One laid-out screen.
    struct Frame: Equatable, Sendable {
        /// The rows, each exactly as wide as the terminal.
        var rows: [[TerminalCell]]
        /// Where the cursor goes: row and column.
        var cursor: (row: Int, column: Int)
        /// The scroll actually used (clamped to the content).
        var scroll: Int
        /// How many content rows fit on screen (what Page Up / Page Down moves by).
        var page: Int
        /// The output's scroll actually used (clamped to the output).
        var outputScroll: Int = 0
        /// How many output rows fit on screen (what Page Up / Page Down moves the output by).
        var outputPage: Int = 1
        /// Whether the output is longer than the rows it has: then Page Up / Page Down scroll it, not the screen.
        var outputScrolls = false
        /// The rows the screen's content takes (below the navigation bar).
        var body: Range<Int> = 0..<0
        /// The columns the screen's content takes from the left (the tree panel, when shown, is to its right).
        var contentColumns = 0
        /// The rows the last command's output takes, its rule included; empty when there is none.
        var output: Range<Int> = 0..<0
        /// Whether the cursor is shown: on the open command line, or in the field being typed into.
        var showsCursor = true
        /// Whether every row of what has the focus is in view; `false` when nothing drawn has the focus.
        var showsWholeFocus = false

        static func == (left: Frame, right: Frame) -> Bool {
            left.rows == right.rows && left.cursor == right.cursor && left.scroll == right.scroll
                && left.page == right.page && left.outputScroll == right.outputScroll
                && left.outputPage == right.outputPage && left.outputScrolls == right.outputScrolls
        }

        /// The rows as plain text, one string per row (for tests and captures).
        var text: [String] { rows.map(TerminalGrid.text) }

        /// What a click at `row` and `column` (from 0) reaches: the target of the cell drawn there, if any.
        func target(row: Int, column: Int) -> PointerTarget? {
            guard rows.indices.contains(row), column >= 0 else { return nil }
            var start = 0
            for cell in rows[row] {
                if column < start + cell.width { return cell.target }
                start += cell.width
            }
            return nil
        }
    }

    /// The narrowest terminal that shows the panel beside the screen.
    static let panelMinimumColumns = 100
    /// The smallest terminal drawn; below it only a request to enlarge it is shown.
    static let minimumSize = TerminalSize(columns: 20, rows: 6)

    /// Whether a terminal of `size` is drawn: at least ``minimumSize``.
    static func fits(_ size: TerminalSize) -> Bool {
        size.columns >= minimumSize.columns && size.rows >= minimumSize.rows
    }

    /// What a terminal too small to draw shows: the size it needs, and the size it has.
    static func enlargeRequest(_ size: TerminalSize) -> String {
        "Enlarge the terminal to \(minimumSize.columns)×\(minimumSize.rows) (it is \(size.columns)×\(size.rows))"
    }

    /// The content already wrapped, kept between frames of the same model so typing on the command line does not
    /// wrap a long list again at every key. The owner calls ``reset()`` whenever the model changes.
    final class WrapCache {
        private var rows: [Int: [[TerminalCell]]] = [:]

        /// An empty cache.
        init() {}

        /// Forgets everything: the model changed.
        func reset() { rows = [:] }

        /// The rows of `lines` wrapped to `width`; `part` tells the content (0), the sheet (1) and the second
        /// column (2) apart.
        fileprivate func wrapped(_ lines: [StyledLine], width: Int, part: Int) -> [[TerminalCell]] {
            let key = width * 3 + part
            if let cached = rows[key] { return cached }
            let wrapped = ScreenLayout.wrapped(lines, width: width)
            rows[key] = wrapped
            return wrapped
        }
    }

    /// Lays out `model` with `chrome` on a terminal of `size`; `cache`, when given, holds `model`'s wrapped content
    /// from earlier frames.
    static func frame(_ model: ScreenModel, chrome: Chrome, size: TerminalSize, cache: WrapCache? = nil) -> Frame {
        let width = max(1, size.columns)
        guard fits(size) else {
            let message = TerminalGrid.cells(enlargeRequest(size), style: .bold)
            var rows = TerminalGrid.wrap(message, width: width).map { TerminalGrid.fit($0, width: width) }
            rows = Array(rows.prefix(max(1, size.rows)))
            while rows.count < size.rows { rows.append(TerminalGrid.fit([], width: width)) }
            return Frame(rows: rows, cursor: (0, 0), scroll: 0, page: 0)
        }
        let height = size.rows
        // The output may take all but the navigation bar, four rows of content, the error, status and command line.
        let errorRows =
            chrome.error.map {
                min(3, TerminalGrid.wrap(TerminalGrid.cells("error: " + $0, style: .error), width: width).count)
            } ?? 0
        // A status message takes up to three rows, while four rows of content still show.
        let statusLimit = min(3, max(1, height - 8 - errorRows))
        let status = statusRows(chrome, width: width, limit: statusLimit)
        var bottom = bottomRows(
            chrome, width: width, maximum: height - 7 - errorRows - (status.count - 1), status: status)
        let tabBarRows = model.tabBar.map { [tabBarRow($0, width: width)] } ?? []
        // A terminal a few rows high keeps a row of content under the navigation bar: what the bottom cannot fit
        // then is cut from its top (the output's first rows, then the error's), the status and the command line
        // kept.
        let bottomRoom = max(2, height - 2 - tabBarRows.count)
        if bottom.rows.count > bottomRoom {
            let cut = bottom.rows.count - bottomRoom
            bottom.rows.removeFirst(cut)
            bottom.outputRows = max(0, bottom.outputRows - cut)
            // An output cut away whole has nothing to scroll: Page Up and Page Down go to the content.
            if bottom.outputRows == 0 { bottom.outputScrolls = false }
        }
        let bodyHeight = max(0, height - 1 - tabBarRows.count - bottom.rows.count)
        let panelWidth =
            chrome.showsPanel && width >= panelMinimumColumns && !model.panel.isEmpty ? min(48, width / 3) : 0
        let contentWidth = panelWidth > 0 ? width - panelWidth - 1 : width
        let body = bodyRows(
            model, width: contentWidth, height: bodyHeight, scroll: chrome.scroll,
            reveals: Reveal(
                error: chrome.revealsError, focus: chrome.revealsFocus, wholeFocus: chrome.revealsWholeFocus,
                keptFocus: chrome.keepsFocusInView),
            cache: cache)
        var rows = [navigationBar(model, width: width)]
        let panel = panelWidth > 0 ? model.panel(fitting: bodyHeight) : []
        for index in 0..<bodyHeight {
            var row = body.rows[index]
            if panelWidth > 0 {
                row += [TerminalCell(text: "│", width: 1, style: .frame)]
                row += panelRow(panel, index: index, width: panelWidth)
            }
            rows.append(row)
        }
        rows += tabBarRows
        rows += bottom.rows
        let outputStart = 1 + bodyHeight + tabBarRows.count
        var cursor = (row: height - 1, column: bottom.cursorColumn)
        var showsCursor = chrome.isCommandLineOpen
        if !chrome.isCommandLineOpen, let draftCursor = chrome.draftCursor,
            let place = inputCell(draftCursor, in: rows[1..<(1 + bodyHeight)])
        {
            cursor = place
            showsCursor = true
        }
        return Frame(
            rows: rows, cursor: cursor, scroll: body.scroll, page: max(1, body.page),
            outputScroll: bottom.outputScroll, outputPage: bottom.outputPage, outputScrolls: bottom.outputScrolls,
            body: 1..<(1 + bodyHeight),
            contentColumns: contentWidth, output: outputStart..<(outputStart + bottom.outputRows),
            showsCursor: showsCursor, showsWholeFocus: body.showsWholeFocus)
    }

    /// Where the `index`-th cell of the value being typed is drawn in `rows` (its last cell when there are
    /// fewer), or `nil` when none of it shows.
    private static func inputCell(_ index: Int, in rows: ArraySlice<[TerminalCell]>) -> (row: Int, column: Int)? {
        var seen = 0
        var last: (row: Int, column: Int)?
        for (rowIndex, row) in zip(rows.indices, rows) {
            var column = 0
            for cell in row {
                if cell.style == .input {
                    last = (rowIndex, column)
                    if seen == index { return last }
                    seen += 1
                }
                column += cell.width
            }
        }
        return last
    }

    // MARK: - Body

    private struct Body {
        var rows: [[TerminalCell]]
        var scroll: Int
        var page: Int
        /// Whether every row of what has the focus is among `rows`.
        var showsWholeFocus = false
    }

    /// What to scroll into view whatever the scroll says.
    private struct Reveal {
        /// The screen's inline error.
        var error: Bool
        /// The first row of what has the focus.
        var focus: Bool
        /// Every row of what has the focus.
        var wholeFocus: Bool
        /// Every row of what has the focus, before the error: it showed whole, and stays in view.
        var keptFocus: Bool
    }

    private static func bodyRows(
        _ model: ScreenModel, width: Int, height: Int, scroll: Int, reveals: Reveal, cache: WrapCache?
    ) -> Body {
        guard height > 0 else { return Body(rows: [], scroll: 0, page: 0) }
        let wrap = { (lines: [StyledLine], width: Int, part: Int) in
            cache?.wrapped(lines, width: width, part: part) ?? wrapped(lines, width: width)
        }
        if let second = model.secondColumn, model.sheet == nil, width >= 41 {
            // Two columns, each scrolled on its own, a rule between them.
            let leading = (width - 1) / 2
            let columns = [(model.content, leading, 0), (second, width - 2 - leading, 2)].map { lines, width, part in
                let rows = wrap(lines, width, part)
                return scrolled(
                    rows, width: width, height: height, scroll: revealing(rows, height, scroll, reveals))
            }
            let rule = TerminalCell(text: "│", width: 1, style: .frame)
            let rows = zip(columns[0].rows, columns[1].rows).map { $0 + [rule, .blank] + $1 }
            return Body(
                rows: rows, scroll: max(columns[0].scroll, columns[1].scroll), page: columns[0].page,
                showsWholeFocus: columns.contains { $0.showsWholeFocus })
        }
        guard let sheet = model.sheet else {
            let rows = wrap(model.content + (model.secondColumn ?? []), width, 0)
            let body = scrolled(rows, width: width, height: height, scroll: revealing(rows, height, scroll, reveals))
            guard case .back(let progress, let revealed) = model.slide else { return body }
            return slid(body, by: progress, over: revealed, width: width)
        }
        // The presenter, dimmed and unscrolled, with the sheet framed over it.
        var rows = wrap(model.content, width, 0).prefix(height).map { TerminalGrid.fit($0, width: width) }
        while rows.count < height { rows.append(TerminalGrid.fit([], width: width)) }
        let margin = width >= 30 && height >= 8 ? 2 : 0
        let top = margin > 0 ? 1 : 0
        let frameWidth = width - 2 * margin
        let innerWidth = frameWidth - 4
        let innerHeight = height - top - 2
        guard innerWidth > 0, innerHeight > 0 else { return Body(rows: rows, scroll: 0, page: 0) }
        let sheetRows = wrap(sheet.lines, innerWidth, 1)
        let inner = scrolled(
            sheetRows, width: innerWidth, height: innerHeight,
            scroll: revealing(sheetRows, innerHeight, scroll, reveals))
        let rule = TerminalCell(text: "─", width: 1, style: .frame)
        let caption = [rule, .blank] + TerminalGrid.cells(sheet.caption, style: .dim) + [.blank]
        // The top border is what a drag downwards takes hold of.
        let topBorder =
            ([TerminalCell(text: "┌", width: 1, style: .frame)]
            + TerminalGrid.fit(caption, width: frameWidth - 2, fill: .frame).map(horizontalRule)
            + [TerminalCell(text: "┐", width: 1, style: .frame)]).map { cell in
                TerminalCell(text: cell.text, width: cell.width, style: cell.style, target: .sheetTop)
            }
        let side = TerminalCell(text: "│", width: 1, style: .frame)
        let bottomBorder =
            [TerminalCell(text: "└", width: 1, style: .frame)]
            + Array(repeating: TerminalCell(text: "─", width: 1, style: .frame), count: frameWidth - 2)
            + [TerminalCell(text: "┘", width: 1, style: .frame)]
        let framed = [topBorder] + inner.rows.map { [side, .blank] + $0 + [.blank, side] } + [bottomBorder]
        // A held swipe down moves the whole frame down by its progress; what leaves the body is not drawn.
        var shift = 0
        if case .down(let progress) = model.slide { shift = Int((progress * Double(height - top)).rounded()) }
        for (index, line) in framed.enumerated() where top + shift + index < height {
            rows[top + shift + index] = TerminalGrid.overlay(line, on: rows[top + shift + index], at: margin)
        }
        return Body(rows: rows, scroll: inner.scroll, page: inner.page, showsWholeFocus: inner.showsWholeFocus)
    }

    /// `body` slid right by `progress` of `width`, its left edge drawn as a rule, over the first rows of `revealed`
    /// (the screen a swipe back would show).
    private static func slid(_ body: Body, by progress: Double, over revealed: [StyledLine], width: Int) -> Body {
        let offset = Int((progress * Double(width)).rounded())
        guard offset > 0 else { return body }
        var under = wrapped(revealed, width: width).prefix(body.rows.count).map { TerminalGrid.fit($0, width: width) }
        while under.count < body.rows.count { under.append(TerminalGrid.fit([], width: width)) }
        let edge = TerminalCell(text: "│", width: 1, style: .frame)
        let rows = zip(under, body.rows).map { under, row in
            TerminalGrid.overlay([edge] + row, on: under, at: offset - 1)
        }
        return Body(rows: rows, scroll: body.scroll, page: body.page, showsWholeFocus: body.showsWholeFocus)
    }

    /// A blank of the caption's padding drawn as the frame's rule.
    private static func horizontalRule(_ cell: TerminalCell) -> TerminalCell {
        cell.text == " " && cell.style == .frame ? TerminalCell(text: "─", width: 1, style: .frame) : cell
    }

    private static func wrapped(_ lines: [StyledLine], width: Int) -> [[TerminalCell]] {
        lines.flatMap { TerminalGrid.wrap(TerminalGrid.cells($0), width: width) }
    }

    /// `scroll`, moved just enough that every row of the focus shows in `height` rows (with its markers), its
    /// first row first, when `reveals.keptFocus`; then that the last row of the inline error shows, when
    /// `reveals.error` and there is one; then that the first row of the focus shows, and its other rows too when
    /// `reveals.wholeFocus`, its first row first, when `reveals.focus`.
    private static func revealing(_ rows: [[TerminalCell]], _ height: Int, _ scroll: Int, _ reveals: Reveal) -> Int {
        guard rows.count > height else { return scroll }
        let page = max(1, height - 2)
        var scroll = scroll
        let focus = rows.firstIndex(where: isFocus).flatMap { first in
            rows.lastIndex(where: isFocus).map { (first, $0) }
        }
        if reveals.keptFocus, let (first, last) = focus {
            scroll = min(max(scroll, last - page + 1), first)
        }
        if reveals.error, let errorRow = rows.lastIndex(where: { $0.contains { $0.style == .error } }) {
            scroll = min(max(scroll, errorRow - page + 1), errorRow)
        }
        if reveals.focus, let (first, last) = focus {
            scroll = min(max(scroll, (reveals.wholeFocus ? last : first) - page + 1), first)
        }
        return scroll
    }

    /// Whether `row` draws what has the focus: a focused control, or the field being typed into.
    private static func isFocus(_ row: [TerminalCell]) -> Bool {
        row.contains { $0.style == .focused || $0.style == .input }
    }

    /// `rows` clipped to `height` from `scroll` (clamped), with a marker row where rows are hidden above or below.
    private static func scrolled(_ rows: [[TerminalCell]], width: Int, height: Int, scroll: Int) -> Body {
        guard rows.count > height else {
            var visible = rows.map { TerminalGrid.fit($0, width: width) }
            while visible.count < height { visible.append(TerminalGrid.fit([], width: width)) }
            return Body(rows: visible, scroll: 0, page: height, showsWholeFocus: rows.contains(where: isFocus))
        }
        // One row each for the markers above and below, when they are shown.
        let page = max(1, height - 2)
        let maximum = rows.count - page
        let offset = min(max(0, scroll), maximum)
        var visible: [[TerminalCell]] = []
        let above = offset
        let below = rows.count - offset - page
        visible.append(marker(above > 0 ? "↑ \(above) more (PgUp)" : "", width: width))
        visible += rows[offset..<(offset + page)].map { TerminalGrid.fit($0, width: width) }
        visible.append(marker(below > 0 ? "↓ \(below) more (PgDn)" : "", width: width))
        while visible.count < height { visible.append(TerminalGrid.fit([], width: width)) }
        // The rows drawn between the markers (fewer than a page when the body is too short for both markers).
        let shown = offset..<(offset + min(page, height - 1))
        let showsWholeFocus =
            rows.firstIndex(where: isFocus).map(shown.contains) == true
            && rows.lastIndex(where: isFocus).map(shown.contains) == true
        return Body(rows: Array(visible.prefix(height)), scroll: offset, page: page, showsWholeFocus: showsWholeFocus)
    }

    static func marker(_ text: String, width: Int) -> [TerminalCell] {
        TerminalGrid.fit(TerminalGrid.cells(text, style: .dim), width: width, ellipsis: true)
    }

    private static func panelRow(_ panel: [StyledLine], index: Int, width: Int) -> [TerminalCell] {
        let line = index < panel.count ? [StyledSpan(" ")] + panel[index] : []
        return TerminalGrid.fit(TerminalGrid.cells(line), width: width, ellipsis: true)
    }
}
