/// The navigation bar along the top of the full screen.
extension ScreenLayout {
    /// `‹ back` when there is somewhere to go back to, the path, the app's notice, and who is logged in at the
    /// right when there is room. A path too long for the bar loses its start, never the screen's own title.
    static func navigationBar(_ model: ScreenModel, width: Int) -> [TerminalCell] {
        var lead: StyledLine = [StyledSpan(" ")]
        if model.canGoBack { lead += [StyledSpan("‹ back", .bar, target: .back), StyledSpan("  ", .bar)] }
        let leadCells = TerminalGrid.cells(lead)
        let pathCells = TerminalGrid.cells(model.path.joined(separator: " › "), style: .bar)
        let noticeCells = model.notice.map { TerminalGrid.cells("  · " + $0, style: .bar) } ?? []
        // Who is logged in, at the right, when the bar has room for it beside the path.
        let account = model.account.map { TerminalGrid.cells("● " + $0 + " ", style: .bar) } ?? []
        let wanted = TerminalGrid.width(leadCells + pathCells + noticeCells)
        let showsAccount = !account.isEmpty && width - TerminalGrid.width(account) >= min(width / 2, wanted + 2)
        let room = showsAccount ? width - TerminalGrid.width(account) : width
        let path = shortened(pathCells, lastTitle: model.path.last ?? "", room: room - TerminalGrid.width(leadCells))
        let cells = (leadCells + path + noticeCells).map {
            TerminalCell(text: $0.text, width: $0.width, style: .bar, target: $0.target)
        }
        return TerminalGrid.fit(cells, width: room, fill: .bar, ellipsis: true) + (showsAccount ? account : [])
    }

    /// The path's cells in `room` columns: whole when they fit, else their end after `…`, as much as fits, so the
    /// title of the screen on top (`lastTitle`) stays; that title alone from its start when even it does not fit.
    private static func shortened(_ path: [TerminalCell], lastTitle: String, room: Int) -> [TerminalCell] {
        guard TerminalGrid.width(path) > room else { return path }
        let last = TerminalGrid.cells(lastTitle, style: .bar)
        guard TerminalGrid.width(last) + 1 <= room else { return last }
        var kept: [TerminalCell] = []
        var used = 1
        for cell in path.reversed() {
            guard used + cell.width <= room else { break }
            kept.append(cell)
            used += cell.width
        }
        return TerminalGrid.cells("…", style: .bar) + kept.reversed()
    }
}
