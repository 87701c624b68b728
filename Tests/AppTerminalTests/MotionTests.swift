import AppInterface
import AppStandIn
import Core
import Foundation
import TerminalTesting
import Testing

@testable import AppTerminal

/// Pushes move in the full screen on the window's clock, frame by frame, moved on by the terminal's time; keys pressed
/// meanwhile wait for the screens to settle; a window whose transitions take no time draws no frame between.
@MainActor
@Suite("Motion: the full screen draws pushes moving and queues the keys pressed meanwhile")
struct MotionTests {
    /// A session showing `home`, whose button pushes `detail` (with its own button) moving, on `clock`.
    private func session(clock: TransitionClock) throws -> StandInSession {
        let home = StandInScreen("home", title: "Home", elements: [.button(Button(id: "open", title: "Open"))])
        home.actions["open"] = { screen in
            let detail = StandInScreen(
                "detail", title: "Detail",
                elements: [.text("Detail text"), .button(Button(id: "mark", title: "Mark"))])
            try? screen.push(detail, animated: true)
        }
        return try StandInSession(showing: home, clock: clock)
    }

    /// Where "Detail text" starts in each frame that shows it, with the frame's time, in the order drawn.
    private func detailColumns(_ terminal: ScriptedTerminal) -> [(column: Int, time: Duration)] {
        zip(terminal.frames, terminal.frameTimes).compactMap { frame, time in
            for line in frame.text {
                if let start = line.firstRange(of: "Detail text")?.lowerBound {
                    return (line.distance(from: line.startIndex, to: start), time)
                }
            }
            return nil
        }
    }

    @Test("A push slides in frame by frame and lands once Core's transition duration of the terminal's time has passed")
    func pushMovesFrameByFrame() async throws {
        let session = try session(clock: .manual(ManualClock()))
        let terminal = await session.runFullScreen([.enter], idleReads: 1)

        let shown = detailColumns(terminal)
        let settledColumn = try #require(shown.last?.column)
        let moving = shown.filter { $0.column > settledColumn }
        #expect(moving.count >= 5, "frames drawn while the push moves: \(shown)")
        #expect(moving.map(\.column) == moving.map(\.column).sorted(by: >), "the pushed screen moves one way")
        #expect(moving.allSatisfy { $0.time < Window.transitionDuration }, "\(shown)")
        let landed = try #require(shown.first { $0.column == settledColumn })
        #expect(
            landed.time >= Window.transitionDuration && landed.time < Window.transitionDuration + .milliseconds(50))
        #expect(session.window.isIdle)
        #expect(session.snapshot().top?.screenID == "detail")
    }

    @Test("Esc's pop slides the leaving screen out to the right over the screen it reveals")
    func popSlidesTheLeavingScreenOut() async throws {
        let session = try session(clock: .manual(ManualClock()))
        let terminal = await session.runFullScreen([.enter, .escape], idleReads: 1)

        let shown = detailColumns(terminal)
        let settledColumn = try #require(shown.first { $0.time >= Window.transitionDuration }?.column)
        let popFrames = shown.filter { $0.time > Window.transitionDuration + .milliseconds(50) }
        #expect(popFrames.count >= 5, "frames drawn while the pop moves: \(shown)")
        #expect(popFrames.allSatisfy { $0.column > settledColumn })
        #expect(popFrames.map(\.column) == popFrames.map(\.column).sorted(), "the popped screen leaves one way")
        let revealing = terminal.frames.filter { frame in
            frame.text.contains { $0.contains("[ Open ]") && $0.contains("│Detail") }
        }
        #expect(revealing.count >= 3, "the revealed screen is drawn under the leaving one, left of its edge")
        #expect(session.snapshot().top?.screenID == "home")
        #expect(terminal.screen.allSatisfy { !$0.contains("Detail text") })
    }

    @Test("A sheet rises from the bottom as it is presented, and sinks as it is dismissed")
    func sheetRisesAndSinks() async throws {
        let home = StandInScreen("home", title: "Home", elements: [.button(Button(id: "open", title: "Open"))])
        home.actions["open"] = { screen in
            let sheet = StandInScreen(
                "sheet", title: "Sheet", elements: [.button(Button(id: "close", title: "Close"))])
            sheet.actions["close"] = { try? $0.dismiss(animated: true) }
            try? screen.present(sheet, animated: true)
        }
        let session = try StandInSession(showing: home, clock: .manual(ManualClock()))
        let terminal = await session.runFullScreen([.enter, .enter], idleReads: 1)

        let topBorderRows = terminal.frames.map { frame in frame.text.firstIndex { $0.contains("┌─ sheet") } }
        let shownRows = topBorderRows.compactMap { $0 }
        let restingRow = try #require(shownRows.min())
        let rising = Array(shownRows.prefix { $0 > restingRow })
        #expect(rising.count >= 5 && rising == rising.sorted(by: >), "the sheet rises: \(shownRows)")
        let sinking = Array(shownRows.reversed().prefix { $0 > restingRow }.reversed())
        #expect(sinking.count >= 5 && sinking == sinking.sorted(), "the sheet sinks: \(shownRows)")
        #expect(session.screen("sheet") == nil)
        #expect(terminal.screen.allSatisfy { !$0.contains("sheet") })
    }

    @Test("A key pressed while the push moves waits, then reaches the pushed screen; nothing is refused")
    func keysDuringAPushAreQueued() async throws {
        let session = try session(clock: .manual(ManualClock()))
        let terminal = await session.runFullScreen([.enter, .enter], idleReads: 1)

        #expect(session.screen("home")?.performed == ["open"], "the second Enter did not reach the leaving screen")
        #expect(session.screen("detail")?.performed == ["mark"], "it reached the pushed screen once it landed")
        #expect(!terminal.screen.joined().contains("transition"), "nothing was refused")
    }

    @Test("Ctrl-C behind many keys that each move the screens drops them: what moves lands, and the app leaves at once")
    func interruptDropsTheQueuedKeys() async throws {
        let session = try session(clock: .manual(ManualClock()))
        _ = session.start(restores: false, initialLink: nil)
        let keys: [EditingKey] =
            [.enter] + Array(repeating: [.escape, .enter], count: 10).flatMap { $0 } + [.interrupt]
        let terminal = ScriptedTerminal(keys: keys)
        let fullScreen = FullScreenSession(
            session: session, terminal: terminal, history: CommandHistory(directory: nil))

        let code = await fullScreen.run(linkFailure: nil, errorOutput: CapturedOutput())

        #expect(code == ExitCode.success, "Ctrl-C left, not the signal that ends the script")
        #expect(session.screen("home")?.performed == ["open"], "none of the keys queued behind the first push acted")
        #expect(session.snapshot().top?.screenID == "detail", "the push under way landed")
        #expect(!session.isMoving)
        #expect(terminal.elapsed < Window.transitionDuration, "no transition's time passed before leaving")
        #expect(terminal.isClosed)
    }

    @Test("Where transitions take no time (--no-animation), a push is drawn landed, with no frame between")
    func noAnimationDrawsNoFrameBetween() async throws {
        let session = try session(clock: .immediate)
        let terminal = await session.runFullScreen([.enter], idleReads: 1)

        let columns = Set(detailColumns(terminal).map(\.column))
        #expect(columns.count == 1, "every frame shows the pushed screen in place: \(columns)")
        #expect(session.snapshot().top?.screenID == "detail")
    }

    @Test("The line mode and scripts never ask for transitions that take time, whatever the flags")
    func lineModeAndScriptsStayInstant() async throws {
        let folder = try TemporaryFolder()
        let script = folder.file("commands.txt")
        try Data("screen\n".utf8).write(to: URL(fileURLWithPath: script))
        let app = try StandIn.app()
        _ = await app.run("screen\n", arguments: ["--data-dir", folder.path], interactive: true)
        _ = await app.run("", arguments: ["--data-dir", folder.path, "--script", script])
        #expect(app.requests.count == 2)
        #expect(app.requests.allSatisfy { !$0.animatesTransitions })
    }

    @Test("--no-animation turns the motion off; the full screen moves by default")
    func noAnimationFlag() throws {
        let environment = ["HOME": "/tmp"]
        #expect(try LaunchOptions.parse(arguments: [], environment: environment).animates)
        #expect(try !LaunchOptions.parse(arguments: ["--no-animation"], environment: environment).animates)
    }
}

@MainActor
@Suite("Motion and the focus: what a transition brings back is scrolled to the focus once it lands")
struct MotionFocusTests {
    @Test("Back from a row far down a long list, the pop slides out and the row that was opened shows, focused")
    func popRevealsTheFocusedRow() async throws {
        let rows = (1...30).map { ListItem(id: "\($0)", title: "Row \($0)", actionID: "row.\($0)") }
        let list = StandInScreen("list", title: "List", elements: [.list(ListSection(id: "rows", items: rows))])
        for row in rows {
            list.actions[row.actionID ?? ""] = { screen in
                try? screen.push(StandInScreen("item", title: row.title, elements: [.text("Opened")]), animated: true)
            }
        }
        let session = try StandInSession(showing: list, clock: .manual(ManualClock()))
        let terminal = await session.runFullScreen(
            [.character("G"), .enter, .escape], size: TerminalSize(columns: 80, rows: 12), idleReads: 1)

        #expect(session.snapshot().top?.screenID == "list")
        #expect(terminal.cells.text(in: .focused) == ["Row 30"], "the row opened shows, focused: \(terminal.screen)")
    }
}
