import Foundation
import Testing

@testable import AppData

/// The README's *The data* says how much of the database the check at open reads, with a table of what it costs:
/// these tests hold it to ``DataCheck/everyPageLimit`` and to the pages the benchmarks' run (pasted in the README)
/// reports.
@Suite("The README's account of the data check matches the code and the benchmarks")
struct ReadmeDataCheckTests {
    private static func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// `text` as a number, without its thousands separators.
    private static func number(_ text: Substring) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ""))
    }

    @Test("Every row's pages are the benchmarks', and it says every page is checked at start-up only within the limit")
    func costTable() async throws {
        let readme = try Self.readme()
        let limit = DataCheck.everyPageLimit.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
        #expect(readme.contains("every page of a database up to \(limit) pages of 4 KiB"))
        #expect(readme.contains("Above \(limit) pages a check of every page"))

        // The benchmarks' own words: "database with 100000 posts: 24.6 MB, 6294 pages of 4 KiB, …".
        var benchmarkPages: [Int: Int] = [:]
        for line in readme.split(separator: "\n") where line.hasPrefix("- database with ") {
            let words = line.split(separator: " ")
            guard let posts = words.dropFirst(3).first.flatMap({ Self.number($0) }),
                let pagesIndex = words.firstIndex(of: "pages"), let pages = Self.number(words[pagesIndex - 1])
            else { continue }
            benchmarkPages[posts] = pages
        }
        #expect(benchmarkPages.count == 4, "\(benchmarkPages)")

        let table = readme.split(separator: "\n").drop { !$0.hasPrefix("| Posts | Pages | Start-up, with the check") }
            .dropFirst(2).prefix { $0.hasPrefix("|") }
        #expect(table.count == 4)
        for row in table {
            let cells = row.split(separator: "|")
            let posts = try #require(Self.number(cells[0]))
            let pages = try #require(Self.number(cells[1]))
            #expect(benchmarkPages[posts] == pages, "\(row)")
            let checksEveryPage = pages <= DataCheck.everyPageLimit
            #expect(cells[2].contains("(every page)") == checksEveryPage, "\(row)")
            #expect(cells[2].contains("(schema and small tables)") == !checksEveryPage, "\(row)")
        }
    }
}
