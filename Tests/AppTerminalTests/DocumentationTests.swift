import AppStandIn
import Foundation
import TerminalTesting
import Testing

@testable import AppTerminal

/// docs/app.md says it lists every command: this holds it to that, against what the terminal's `help` prints and
/// the full screen's own commands. Its screen ids are held to the composed app's in EndToEndTests.
@Suite("docs/app.md lists every command")
@MainActor
struct DocumentationTests {
    /// The text of docs/app.md.
    static func guide() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/app.md"), encoding: .utf8)
    }

    /// The part of `text` under the heading `## title`, up to the next heading of that level.
    static func section(_ title: String, of text: String) throws -> String {
        let start = try #require(text.range(of: "\n## \(title)\n"))
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test("Every command word of `help`, in both modes, has its row in the guide's table of commands")
    func everyCommandIsDocumented() async throws {
        let commands = try Self.section("Commands", of: Self.guide())
        let help = try await StandIn.app().run("help\n").output
        for word in FullScreenHelp.commandWords {
            #expect(help.contains(word) || TerminalCommand(rawValue: word) != nil)
            #expect(commands.contains("| `\(word)"), "docs/app.md's table of commands lacks `\(word)`")
        }
    }
}

@Suite("help at 80 columns")
@MainActor
struct HelpWidthTests {
    @Test("Every line of help, in the line mode and the full screen, fits 80 columns and leaves no word alone")
    func fitsEightyColumns() async throws {
        let lineMode = try await StandIn.app().run("help\n").output
        // The full screen's help is the line mode's, followed by its own keys and the pointer's.
        let fullScreen = FullScreenHelp.terminalHelp + FullScreenHelp.pointerHelp
        let lines = (lineMode.split(separator: "\n") + fullScreen.split(separator: "\n")).filter { $0 != "Commands:" }
        for line in lines {
            #expect(TerminalText.cellWidth(of: String(line)) < 80, "too wide for 80 columns: \(line)")
            #expect(line.trimmingCharacters(in: .whitespaces).contains(" "), "a word left alone on a line: \(line)")
        }
    }

    @Test("A list of deep links too long for one line wraps at spaces, indented under its heading, within 80 columns")
    func longLinkListWraps() async throws {
        let app = try StandIn.app()
        app.session.linkPatterns = (1...12).map { "app://place\($0)/<id>" }
        let lines = await app.run("help\n").output.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("Deep links: ") })
        let links = lines[first...].prefix { $0 == lines[first] || $0.hasPrefix("  app://") }
        #expect(links.count > 1)
        #expect(links.allSatisfy { TerminalText.cellWidth(of: String($0)) < 80 })
        #expect(
            links.joined(separator: " ").dropFirst("Deep links: ".count).split(separator: " ").joined(separator: " ")
                == app.session.linkPatterns.joined(separator: ", "))
    }
}
