import AppTesting
import Core
import Foundation
import Testing

@testable import AppData

/// What the app prints is for people: no error or notice shows Swift's debug text (`unavailable("…")`,
/// `Optional(…)`), whatever path it takes to the screen.
@Suite("Messages are for people: no Swift debug text in any error or notice")
@MainActor
struct MessageTests {
    /// The package's root, found from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Every error type of the app and its modules describes itself: none prints as Swift's debug text")
    func everyErrorTypeDescribesItself() throws {
        var undescribed: [String] = []
        var found = 0
        for folder in ["App", "Modules"] {
            let root = Self.packageRoot.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: root.path))
            for case let file as String in files where file.hasSuffix(".swift") {
                let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for name in Self.errorTypes(in: source) {
                    found += 1
                    let declaresDescription =
                        source.range(
                            of: #"(enum|struct|class) \#(name)\b[^{]*CustomStringConvertible"#,
                            options: .regularExpression) != nil
                        || source.contains("extension \(name): CustomStringConvertible")
                    if !declaresDescription { undescribed.append("\(folder)/\(file): \(name)") }
                }
            }
        }
        #expect(found > 10, "the scan found the error types")
        #expect(undescribed.isEmpty, "error types without a description: \(undescribed)")
    }

    /// The names of the types declared in `source` that conform to `Error`.
    private static func errorTypes(in source: String) -> [String] {
        let pattern = #/(?:enum|struct|class) (\w+): ([^{]*)\{/#
        return source.matches(of: pattern).compactMap { match in
            let conformances = match.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return conformances.contains("Error") ? String(match.1) : nil
        }
    }

    @Test("Every error value of the data and of Core reads as a sentence, as interpolated where it is told")
    func everyErrorValueReads() {
        let path = "/data/app.sqlite"
        let errors: [any Error] = [
            DataError.corrupt(path: path, problem: "p"), DataError.unreadable(path: path, problem: "p"),
            DataError.newerVersion(path: path, version: 9, supported: 3),
            DataError.unwritable(path: path, problem: "p"),
            DataError.lost(path: path, problem: "is empty"), DataError.notAFile(path: path, problem: "it is a FIFO"),
            SQLiteError.damaged("m"), RestorationStoreError.unreadable("r"), RestorationStoreError.corrupt("r"),
            RestorationStoreError.unwritable("r"),
            AccountFailure.data(.corrupt(path: path, problem: "p")), AccountFailure.invalid("r"),
            AccountFailure.emailTaken, AccountFailure.hashing("r"),
            PostFailure.data(.corrupt(path: path, problem: "p")), PostFailure.notFound("2"),
            PostFailure.invalid("r"), PasswordHasher.Failure.containsNul,
            RestorationError.noLongerApplies("r"), RoutingError.other("r"), NavigationError.cannotPopRoot,
        ]
        for error in errors {
            let told = "\(error)"
            #expect(!MessageScan.containsDebugText(told), "\(told)")
            #expect(!told.isEmpty)
        }
    }

    @Test("Every failing command of a hostile script, and every notice at start, is told without debug text")
    func hostileScriptIsToldPlainly() throws {
        let data = try TemporaryDataDirectory()
        let script = """
            nope
            set
            set nosuchfield x
            open app://nowhere
            open app://feed/post/+2
            open app://feed/post/%zz
            login
            \(AppHarness.demoLogin)open app://feed/post/999
            open app://signup
            swipe back 2
            release
            compose
            set text \(String(repeating: "x", count: 600))
            post
            set text
            post
            logout
            logout

            """
        let run = data.run(script, arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error.split(separator: "\n").count >= 8, "\(run.error)")
        #expect(!MessageScan.containsDebugText(run.error), "\(run.error)")
        #expect(!MessageScan.containsDebugText(run.output), "\(run.output)")
    }
}
