/// The size of a terminal in cells.
struct TerminalSize: Equatable, Sendable {
    /// Columns.
    var columns: Int
    /// Rows.
    var rows: Int
}

/// How a cell is drawn; the terminal maps each style to its attributes (and colour, when allowed).
enum CellStyle: Equatable, Sendable {
    case plain, bold, dim, accent, error, bar, selectedTab, frame
    /// What has the focus: reversed.
    case focused
    /// The value being typed into a field: underlined, with the cursor in it.
    case input
    /// The rule under a screen's first title: the line mode prints it, the full screen leaves its row blank.
    case rule
}

/// What a click on a cell reaches: the part of the screen drawn there. Spans carry it into the cells they are cut
/// into, so wrapping, scrolling and framing keep every target under its own text, and a click is looked up in the
/// laid-out frame (``ScreenLayout/Frame/target(row:column:)``).
enum PointerTarget: Equatable, Sendable {
    /// An action by its number, as typed: a button, a list row or a segment.
    case action(Int)
    /// A field: a click puts `set <id> ` on the command line, or asks a secure field's value hidden.
    case field(id: String, isSecure: Bool)
    /// The navigation bar's back.
    case back
    /// A tab of the tab bar, by its id: the spans that draw a tab carry it, as a segment's carry its action.
    case tab(String)
    /// A sheet's top border, which a drag downwards swipes down.
    case sheetTop
}

/// One cell of the grid: what is written there and how many columns it takes (2 for a wide character).
///
/// The text is always safe to write: one printable scalar with the zero-width marks that join it, or one ASCII
/// character of an escaped form such as `\u{202E}`.
struct TerminalCell: Equatable, Sendable {
    /// What is written.
    var text: String
    /// Columns taken: 1 or 2.
    var width: Int
    /// How it is drawn.
    var style: CellStyle
    /// What a click on it reaches, if anything.
    var target: PointerTarget? = nil

    /// A blank cell.
    static let blank = TerminalCell(text: " ", width: 1, style: .plain)
}

/// A run of text in one style, before it is cut into cells.
struct StyledSpan: Equatable, Sendable {
    /// The text, raw: cutting it into cells escapes what is unsafe.
    var text: String
    /// Its style.
    var style: CellStyle
    /// What a click on it reaches, if anything.
    var target: PointerTarget?

    init(_ text: String, _ style: CellStyle = .plain, target: PointerTarget? = nil) {
        self.text = text
        self.style = style
        self.target = target
    }
}

/// A line of styled spans: one paragraph of a screen, wrapped to the width when laid out.
typealias StyledLine = [StyledSpan]

/// Rows of cells and the rules that build them: escaping, measuring, wrapping, padding and overlaying.
enum TerminalGrid {
    /// `text` cut into cells: each printable scalar one cell (wide ones two columns) carrying the zero-width marks
    /// that follow it; an unsafe or unprintable scalar as the cells of its escaped form; a mark with nothing to
    /// join shown on a dotted circle. An emoji sequence joined by U+200D (`👨‍👩‍👧`) is drawn as its emoji side by side:
    /// terminals disagree on how wide the joined glyph is, and a terminal that draws it narrower than the grid
    /// counts would leave old characters on the row.
    static func cells(_ text: String, style: CellStyle, target: PointerTarget? = nil) -> [TerminalCell] {
        var cells: [TerminalCell] = []
        var lastJoins = false
        for scalar in text.unicodeScalars {
            let width = TerminalText.cellWidth(of: scalar)
            if scalar == "\u{200D}", let last = cells.last?.text.unicodeScalars.first, isEmoji(last) {
                continue
            } else if width < 0 {
                cells += TerminalText.escapedForm(of: scalar).map {
                    TerminalCell(text: String($0), width: 1, style: style, target: target)
                }
                lastJoins = false
            } else if width == 0 {
                if lastJoins, !cells.isEmpty {
                    cells[cells.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    cells.append(
                        TerminalCell(text: "\u{25CC}" + String(scalar), width: 1, style: style, target: target))
                    lastJoins = true
                }
            } else {
                cells.append(TerminalCell(text: String(scalar), width: width, style: style, target: target))
                lastJoins = true
            }
        }
        return cells
    }

    /// Whether `scalar` is drawn as an emoji, which joins others into one glyph after U+200D.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value >= 0x2100)
    }

    /// The cells of a styled line.
    static func cells(_ line: StyledLine) -> [TerminalCell] {
        line.flatMap { cells($0.text, style: $0.style, target: $0.target) }
    }

    /// The columns `cells` take.
    static func width(_ cells: [TerminalCell]) -> Int {
        cells.reduce(0) { $0 + $1.width }
    }

    /// `cells` wrapped into rows of at most `width` columns, breaking after a space where one is near the end; an
    /// empty line gives one empty row. A wide character never straddles a row's end.
    static func wrap(_ cells: [TerminalCell], width: Int) -> [[TerminalCell]] {
        guard width > 0 else { return [] }
        // Continuation rows keep the line's own indentation (a post under its byline, a help line's two spaces).
        let indent = min(cells.prefix { $0.text == " " }.count, width / 2)
        // The indentation reaches what the line reaches: a wrapped row is clickable across its width.
        let padding = Array(
            repeating: TerminalCell(
                text: " ", width: 1, style: cells.first?.style ?? .plain, target: cells.first?.target),
            count: indent)
        var rows: [[TerminalCell]] = []
        var rest = cells[...]
        while true {
            let available = rows.isEmpty ? width : width - indent
            var used = 0
            var end = rest.startIndex
            while end < rest.endIndex, used + rest[end].width <= available {
                used += rest[end].width
                end += 1
            }
            if end == rest.endIndex {
                rows.append((rows.isEmpty ? [] : padding) + Array(rest))
                return rows
            }
            if end == rest.startIndex { end += 1 }  // a wide cell in a one-column row: drawn alone (clipped later)
            if let space = rest[rest.startIndex..<end].lastIndex(where: { $0.text == " " }),
                space > rest.startIndex, end - space <= max(8, available / 3)
            {
                end = space + 1
            }
            rows.append((rows.isEmpty ? [] : padding) + Array(rest[rest.startIndex..<end]))
            rest = rest[end...]
            while let first = rest.first, first.text == " ", rest.count > 1 { rest = rest.dropFirst() }
        }
    }

    /// `cells` cut or padded with blanks to exactly `width` columns; a wide cell that would straddle the end is
    /// replaced by a blank. `ellipsis` marks a cut with `…`.
    static func fit(
        _ cells: [TerminalCell], width: Int, fill: CellStyle = .plain, ellipsis: Bool = false
    )
        -> [TerminalCell]
    {
        guard width > 0 else { return [] }
        var row: [TerminalCell] = []
        var used = 0
        let isCut = Self.width(cells) > width
        let limit = isCut && ellipsis ? width - 1 : width
        for cell in cells {
            guard used + cell.width <= limit else { break }
            row.append(cell)
            used += cell.width
        }
        if isCut && ellipsis {
            row.append(TerminalCell(text: "…", width: 1, style: cells.last?.style ?? fill))
            used += 1
        }
        while used < width {
            row.append(TerminalCell(text: " ", width: 1, style: fill))
            used += 1
        }
        return row
    }

    /// `row` with `overlay` written over it from column `column`; a wide cell cut in half by either edge becomes a
    /// blank, so every row keeps its width.
    static func overlay(_ overlay: [TerminalCell], on row: [TerminalCell], at column: Int) -> [TerminalCell] {
        var columns = expand(row)
        var position = column
        for cell in overlay {
            guard position + cell.width <= columns.count else { break }
            for offset in 0..<cell.width { columns[position + offset] = nil }
            columns[position] = cell
            position += cell.width
        }
        return collapse(columns)
    }

    /// One entry per column: a cell where it starts, `nil` where a wide cell continues.
    private static func expand(_ row: [TerminalCell]) -> [TerminalCell?] {
        var columns: [TerminalCell?] = []
        for cell in row {
            columns.append(cell)
            if cell.width == 2 { columns.append(nil) }
        }
        return columns
    }

    /// The cells of `columns`; a wide cell that lost its second column, or a second column without its cell,
    /// becomes a blank.
    private static func collapse(_ columns: [TerminalCell?]) -> [TerminalCell] {
        var row: [TerminalCell] = []
        var index = 0
        while index < columns.count {
            if let cell = columns[index] {
                if cell.width == 2, index + 1 < columns.count, columns[index + 1] == nil {
                    row.append(cell)
                    index += 2
                    continue
                }
                row.append(cell.width == 2 ? TerminalCell(text: " ", width: 1, style: cell.style) : cell)
            } else {
                row.append(.blank)
            }
            index += 1
        }
        return row
    }

    /// The plain text of a row (for tests and captures).
    static func text(_ row: [TerminalCell]) -> String {
        row.map(\.text).joined()
    }
}
