/// The bottom of the full screen: the tab bar, what the last command printed, its error, the status line and the
/// command line.
extension ScreenLayout {
    // MARK: - Tab bar

    /// The tab bar along the bottom of the screen, plain, the selected tab alone reversed; each tab reaches its
    /// tab when clicked.
    static func tabBarRow(_ line: StyledLine, width: Int) -> [TerminalCell] {
        let spans = [StyledSpan(" ")] + line
        return TerminalGrid.fit(TerminalGrid.cells(spans), width: width, ellipsis: true)
    }

    // MARK: - Output, error, status and command line

    /// The output, the error, `status` (the rows `statusRows(_:width:limit:)` laid out) and the command line.
    static func bottomRows(
        _ chrome: Chrome, width: Int, maximum: Int, status: [[TerminalCell]]
    )
        -> (
            rows: [[TerminalCell]], cursorColumn: Int, outputScroll: Int, outputPage: Int, outputRows: Int,
            outputScrolls: Bool
        )
    {
        var rows: [[TerminalCell]] = []
        var outputScroll = 0
        var outputPage = 1
        var outputScrolls = false
        let outputRows = chrome.output.flatMap { TerminalGrid.wrap(TerminalGrid.cells($0), width: width) }
        if !outputRows.isEmpty {
            // A rule above, then as many rows as fit; a longer output scrolls with Page Up / Page Down.
            let room = max(1, maximum - 1)
            rows.append(Array(repeating: TerminalCell(text: "─", width: 1, style: .frame), count: width))
            if outputRows.count <= room {
                rows += outputRows.map { TerminalGrid.fit($0, width: width) }
            } else {
                let page = max(1, room - 1)
                outputPage = page
                outputScrolls = true
                outputScroll = min(max(0, chrome.outputScroll), outputRows.count - page)
                rows += outputRows[outputScroll..<(outputScroll + page)].map { TerminalGrid.fit($0, width: width) }
                let below = outputRows.count - outputScroll - page
                let position = below > 0 ? "\(below) more lines (PgDn)" : "the end (PgUp goes back)"
                rows.append(marker("… " + position + " · Esc closes", width: width))
            }
        }
        let outputRowCount = rows.count
        if let error = chrome.error {
            let errorRows = TerminalGrid.wrap(TerminalGrid.cells("error: " + error, style: .error), width: width)
            let shown = Array(errorRows.prefix(3))
            for (index, row) in shown.enumerated() {
                let isCut = index == shown.count - 1 && errorRows.count > shown.count
                guard isCut else {
                    rows.append(TerminalGrid.fit(row, width: width))
                    continue
                }
                var kept = Array(row.reversed().drop { $0.text == " " }.reversed())
                while TerminalGrid.width(kept) > width - 1 { kept.removeLast() }
                rows.append(TerminalGrid.fit(kept + [TerminalCell(text: "…", width: 1, style: .error)], width: width))
            }
        }
        rows += status
        let (line, column) = commandLine(chrome, width: width)
        rows.append(line)
        return (rows, column, outputScroll, outputPage, outputRowCount, outputScrolls)
    }

    /// The status line: the hints that fit, on one row; or the status message (a question, what a drag did, a
    /// held swipe), wrapped onto as many rows as it takes, up to `limit` (the last cut with `…` past that), so a
    /// message reads whole.
    static func statusRows(_ chrome: Chrome, width: Int, limit: Int) -> [[TerminalCell]] {
        guard chrome.hints.isEmpty else {
            let status = TerminalGrid.cells(" " + fittedHints(chrome.hints, width: width - 2), style: .bar)
            return [TerminalGrid.fit(status, width: width, fill: .bar, ellipsis: true)]
        }
        let wrapped = TerminalGrid.wrap(TerminalGrid.cells(" " + chrome.status, style: .bar), width: width)
        let shown = wrapped.prefix(max(1, limit))
        return shown.enumerated().map { index, row in
            let isCut = index == shown.count - 1 && wrapped.count > shown.count
            guard isCut else { return TerminalGrid.fit(row, width: width, fill: .bar) }
            // The cut row runs on into the next, without that row's continuation indent: the row ends with the
            // space it broke at, or mid-word, so the words join as in the message.
            let next = wrapped[index + 1].drop { $0.text == " " }
            return TerminalGrid.fit(row + next, width: width, fill: .bar, ellipsis: true)
        }
    }

    /// As many of `hints` as fit in `width` columns, in order, each whole, joined by ` · `.
    static func fittedHints(_ hints: [String], width: Int) -> String {
        var shown = ""
        for hint in hints {
            let next = shown.isEmpty ? hint : shown + " · " + hint
            guard TerminalGrid.width(TerminalGrid.cells(next, style: .bar)) <= width else { break }
            shown = next
        }
        return shown
    }

    /// The prompt and the input, scrolled sideways so the cursor stays in view; blank while the command line is
    /// closed.
    private static func commandLine(_ chrome: Chrome, width: Int) -> ([TerminalCell], Int) {
        guard chrome.isCommandLineOpen else { return (TerminalGrid.fit([], width: width), 0) }
        let prompt = TerminalGrid.cells(chrome.prompt, style: .accent)
        let characters = Array(chrome.input)
        let cursor = min(max(0, chrome.cursor), characters.count)
        let before = TerminalGrid.cells(String(characters[..<cursor]), style: .plain)
        let after = TerminalGrid.cells(String(characters[cursor...]), style: .plain)
        let available = max(1, width - TerminalGrid.width(prompt) - 1)
        // The text before the cursor loses half a line at a time from its start until it fits: the cut moves in
        // steps, not with every key. One walk of the widths finds where, so a long line costs its length.
        let step = max(1, available / 2)
        var widthAfterCut = TerminalGrid.width(before)
        var cut = 0
        while widthAfterCut > available - 1, cut < before.count {
            let next = min(before.count, cut + step)
            widthAfterCut -= TerminalGrid.width(Array(before[cut..<next]))
            cut = next
        }
        let shownBefore = before[cut...]
        let leading = cut > 0 ? [TerminalCell(text: "…", width: 1, style: .dim)] : []
        // Only what can show of the text after the cursor is laid out.
        let row = TerminalGrid.fit(prompt + leading + Array(shownBefore) + after.prefix(width), width: width)
        let column = min(width - 1, TerminalGrid.width(prompt + leading + Array(shownBefore)))
        return (row, column)
    }
}
