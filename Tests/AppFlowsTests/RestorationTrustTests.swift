import AppData
import AppTesting
import Foundation
import Testing

/// The saved place is read as hostile input: a child record in a place of another kind is dropped, and a post id is
/// read by the same parser as a link's (`PostID`, whose own cases are in the data's tests).
@Suite("Restoration trusts nothing it reads")
@MainActor
struct RestorationTrustTests {
    /// The saved record as a JSON object.
    private static func record(in data: InMemoryData) async throws -> [String: Any] {
        let text = try #require(data.store.restorationRecord)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Stores `record` in place of the saved one.
    private static func replace(_ record: [String: Any], in data: InMemoryData) async throws {
        data.store.restorationRecord = String(
            decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
    }

    @Test(
        "A second child that is not a sign-up record does not open sign-up: it is dropped, and Login stays on top",
        arguments: ["login", "feed"])
    func wrongKindInSignUpsPlace(kind: String) async throws {
        let data = InMemoryData()
        await #expect(data.run("set email typed@example.com\n").status == 0)
        var record = try await Self.record(in: data)
        var children = try #require(record["children"] as? [Any])
        let login = try #require(children.first)
        children.append(kind == "login" ? login : ["kind": "feed", "version": 1, "values": [:], "children": []])
        record["children"] = children
        try await Self.replace(record, in: data)
        let run = await data.run("state\n")
        #expect(run.status == 0, "\(run.error)")
        let state = try #require(run.lastState)
        #expect(state.presented.isEmpty, "sign-up, which the person never opened, is not shown")
        #expect(state.top == "login")
        #expect(run.error.contains("a '\(kind)' record was found where 'signup' was expected"), "\(run.error)")
        #expect(!MessageScan.containsDebugText(run.error))
    }

    @Test(
        "A saved post id is read as a link's is: '+2' or '0002' is not post 2, by link or by the saved place",
        arguments: ["+2", "0002", "2.0", " 2"])
    func postIDsAreReadOnce(id: String) async throws {
        let data = InMemoryData()
        let opened = await data.run(AppHarness.demoLogin + "open app://feed/post/2\nstate\n")
        let detail = try #require(opened.lastState?.top)
        #expect(detail != "feed", "post 2 is shown")
        let recordText = try #require(data.store.restorationRecord)
        #expect(recordText.contains(#""post":"2""#))
        let changed = recordText.replacingOccurrences(of: #""post":"2""#, with: #""post":"\#(id)""#)
        data.store.restorationRecord = changed
        let restored = await data.run("state\n")
        #expect(restored.status == 0)
        #expect(restored.lastState?.top != detail, "post 2 is not restored for '\(id)'")
        #expect(restored.error.contains("the post '\(id)' no longer exists"), "\(restored.error)")
        let link = await data.run("open app://feed/post/\(id.replacingOccurrences(of: " ", with: "%20"))\n")
        #expect(link.status == 1)
        #expect(link.error.contains("invalid post id"), "\(link.error)")
    }

    @Test(
        "A record of a sign-up both pushed by Login and presented restores the pushed one and says it dropped the other"
    )
    func signUpPushedAndPresented() async throws {
        let pushed = InMemoryData()
        await #expect(pushed.run("signup\nset email pushed@example.com\n").status == 0)
        let presented = InMemoryData()
        await #expect(presented.run("open app://signup\nset email presented@example.com\n").status == 0)
        var record = try await Self.record(in: pushed)
        let presentedChildren = try await #require(try Self.record(in: presented)["children"] as? [Any])
        try #require(presentedChildren.count == 2, "the presented sign-up's record is the second child")
        var children = try #require(record["children"] as? [Any])
        children.append(presentedChildren[1])
        record["children"] = children
        try await Self.replace(record, in: pushed)
        let run = await pushed.run("state\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.presented == [], "only one sign-up is on screen: Login's")
        #expect(run.output.contains("pushed@example.com"))
        #expect(run.error.contains("the presented sign-up was dropped: Login's sign-up is on screen"), "\(run.error)")
    }

    @Test("A record with two Feed tab records restores the first and says the second was dropped")
    func duplicateTabRecords() async throws {
        let data = InMemoryData()
        await #expect(data.run(AppHarness.demoLogin + "popular\n").status == 0)
        var record = try await Self.record(in: data)
        var children = try #require(record["children"] as? [Any])
        var main = try #require(children.first as? [String: Any])
        var tabs = try #require(main["children"] as? [[String: Any]])
        let feed = try #require(tabs.first { $0["kind"] as? String == "feed" })
        var latest = feed
        latest["values"] = ["segment": "latest"]
        tabs.append(latest)
        main["children"] = tabs
        children[0] = main
        record["children"] = children
        try await Self.replace(record, in: data)
        let run = await data.run("state\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "feed.popular", "the first Feed record wins")
        #expect(run.error.contains("a second 'feed' record was dropped"), "\(run.error)")
    }
}
