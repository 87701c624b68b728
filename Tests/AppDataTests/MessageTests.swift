import Core
import DataTesting
import Foundation
import Testing

@testable import AppData

/// What the app prints is for people: no error shows Swift's debug text (`unavailable("…")`, `Optional(…)`), and
/// every data error's description and advice read as sentences. (A hostile script's failures, as the whole app
/// tells them, are in the flows' `FlowMessageTests`.)
@Suite("Messages are for people: no Swift debug text in any error or notice")
@MainActor
struct MessageTests {
    /// The package's root, found from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("Every error type of the app and its modules describes itself: none prints as Swift's debug text")
    func everyErrorTypeDescribesItself() async throws {
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
    func everyErrorValueReads() async {
        let path = "/data/app.sqlite"
        let errors: [any Error] = [
            DataError.corrupt(path: path, problem: "p"), DataError.unreadable(path: path, problem: "p"),
            DataError.newerVersion(path: path, version: 9, supported: 3),
            DataError.unwritable(path: path, problem: "p"),
            DataError.lost(path: path, problem: "is empty"), DataError.notAFile(path: path, problem: "it is a FIFO"),
            DataError.unsafe(path: path, problem: "it is a symbolic link"), DataError.replacedWhileOpen(path: path),
            SQLiteError.damaged("m"), SQLiteError.replacedWhileOpen, RestorationStoreError.unreadable("r"),
            RestorationStoreError.corrupt("r"),
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
            if let dataError = error as? DataError, let advice = dataError.advice {
                #expect(!MessageScan.containsDebugText(advice) && !advice.isEmpty, "\(advice)")
            }
        }
    }
}
