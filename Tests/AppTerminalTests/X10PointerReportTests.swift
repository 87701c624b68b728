import Testing

@testable import AppTerminal

/// The mouse reports of xterm's older encoding, as terminals such as tmux send them under `TERM=tmux-256color`:
/// three bytes after `ESC [ M`, each offset by 32.
@Suite("Mouse reports in the older encoding: every cell up to 223, whatever byte it is")
struct X10PointerReportTests {
    /// The three bytes a terminal sends for `button` at `column` and `row`, counted from 1.
    private static func report(_ button: Int, column: Int, row: Int) -> [UInt8] {
        [UInt8(32 + button), UInt8(32 + column), UInt8(32 + row)]
    }

    @Test("A click anywhere is a press and a release at that cell, row 27 (`;`) and row 95 (DEL) too")
    func everyCell() async {
        var reader = X10PointerReport()
        for row in 1...X10PointerReport.largestCoordinate {
            for column in 1...X10PointerReport.largestCoordinate {
                let press = reader.event(Self.report(0, column: column, row: row))
                let release = reader.event(Self.report(3, column: column, row: row))
                guard press == PointerEvent(kind: .press, row: row - 1, column: column - 1),
                    release == PointerEvent(kind: .release, row: row - 1, column: column - 1)
                else {
                    let events = "\(String(describing: press)), \(String(describing: release))"
                    Issue.record("row \(row), column \(column): \(events)")
                    return
                }
            }
        }
        #expect(X10PointerReport.largestCoordinate == 223)
        #expect(Self.report(0, column: 1, row: 27)[2] == UInt8(ascii: ";"))
    }

    @Test("A drag is the first button moving held; the wheel scrolls; other buttons and bare motion mean nothing")
    func kinds() async {
        var reader = X10PointerReport()
        #expect(reader.event(Self.report(32, column: 5, row: 5)) == nil, "motion with nothing held")
        #expect(reader.event(Self.report(3, column: 5, row: 5)) == nil, "a release with nothing pressed")
        #expect(reader.event(Self.report(0 + 16, column: 3, row: 4)) == PointerEvent(kind: .press, row: 3, column: 2))
        #expect(reader.isFirstButtonHeld)
        #expect(reader.event(Self.report(32, column: 9, row: 4)) == PointerEvent(kind: .drag, row: 3, column: 8))
        #expect(reader.event(Self.report(3, column: 9, row: 4)) == PointerEvent(kind: .release, row: 3, column: 8))
        #expect(reader.event(Self.report(64, column: 1, row: 2)) == PointerEvent(kind: .wheelUp, row: 1, column: 0))
        #expect(reader.event(Self.report(65, column: 1, row: 2)) == PointerEvent(kind: .wheelDown, row: 1, column: 0))
        #expect(reader.event(Self.report(1, column: 1, row: 2)) == nil, "the middle button")
        #expect(reader.event(Self.report(2, column: 1, row: 2)) == nil, "the right button")
        #expect(reader.event(Self.report(3, column: 1, row: 2)) == nil, "their release")
    }

    @Test("A report cut short, or naming no cell, is no event; Escape cannot be one of its bytes")
    func malformed() async {
        var reader = X10PointerReport()
        #expect(reader.event([32, 40]) == nil)
        #expect(reader.event([]) == nil)
        #expect(reader.event([32, 32, 40]) == nil, "column 0")
        #expect(reader.event([32, 40, 32]) == nil, "row 0")
        #expect(reader.event([27, 40, 40]) == nil)
        #expect(!X10PointerReport.isReportByte(27))
        #expect(!X10PointerReport.isReportByte(-1))
        #expect(X10PointerReport.isReportByte(32) && X10PointerReport.isReportByte(255))
    }
}
