import Core
import DataTesting
import Foundation
import InputRules
import Testing

@testable import AppData

/// One of the two implementations of the data's interface, run by the same spec: the live store over a temporary
/// data directory, or its in-memory twin.
enum DataStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case live
    case inMemory

    var testDescription: String { rawValue }
}

/// The data at a time of the spec's choosing, as one implementation keeps it. A later time is a later run: the
/// live store opens the same directory again with that clock; the twin, one instance for the whole test, moves
/// its clock on.
@MainActor
final class DataStoreSubject {
    /// The spec's first time: the data starts as a first run at this time.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private let kind: DataStoreKind
    private var directory: TemporaryDataDirectory?
    private var twin: InMemoryDataStore?
    private var now = start

    init(_ kind: DataStoreKind) {
        self.kind = kind
    }

    /// The data, `seconds` after ``start``.
    func at(_ seconds: TimeInterval = 0) throws -> any AppDataStore {
        now = Self.start + seconds
        switch kind {
        case .live:
            let directory = try directory ?? TemporaryDataDirectory()
            self.directory = directory
            return try LiveDataStore(
                dataDirectory: directory.path, clock: AppClock(fixedNow: now), movesDamagedFilesAside: false,
                passwordCost: .minimal)
        case .inMemory:
            if let twin { return twin }
            let twin = InMemoryDataStore.firstRun { [unowned self] in now }
            self.twin = twin
            return twin
        }
    }
}

@Suite("The data's interface: the live store and its in-memory twin keep the same rules")
@MainActor
struct DataStoreSpecTests {
    static let demo = "demo@example.com"

    @Test(
        "It starts as a first run: the demo account, its tour finished, and the demo posts",
        arguments: DataStoreKind.allCases)
    func firstRun(kind: DataStoreKind) async throws {
        // The subject keeps the live store's folder: it must outlive every use of the store.
        let subject = DataStoreSubject(kind)
        defer { withExtendedLifetime(subject) {} }
        let data = try subject.at()
        #expect(try data.savedSessionAccount() == nil, "nobody is logged in")
        #expect(try data.isEmailRegistered(" Demo@Example.com "))
        #expect(try data.isOnboardingFinished(email: Self.demo))
        #expect(try data.summary(email: Self.demo) == AccountSummary(displayName: "Demo", postCount: 1))
        let latest = try data.page(.latest, after: nil, limit: 20, reader: Self.demo)
        #expect(latest.map(\.id) == [4, 3, 2, 1])
        #expect(latest.map(\.authorName) == ["Demo", "Linus", "Grace", "Ada"])
        #expect(latest.map(\.likeCount) == [0, 1, 3, 2])
        #expect(latest.map(\.isLikedByReader) == [false, false, true, false])
        #expect(
            latest.map(\.createdAt) == Array(DemoContent.posts(now: DataStoreSubject.start).map(\.createdAt).reversed())
        )
        #expect(try data.page(.popular, after: nil, limit: 20, reader: Self.demo).map(\.id) == [2, 1, 3, 4])
        #expect(data.fatalDataError == nil)
    }

    @Test(
        "Log-in checks the password, saves the session for the next run, and log-out ends it",
        arguments: DataStoreKind.allCases)
    func session(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        let data = try subject.at()
        #expect(try data.logIn(email: Self.demo, password: "wrong") == nil)
        #expect(try data.logIn(email: "nobody@example.com", password: "demo-password") == nil)
        #expect(try data.savedSessionAccount() == nil)
        let account = try data.logIn(email: " DEMO@example.com", password: "demo-password")
        #expect(account?.email == Self.demo)
        #expect(account?.displayName == "Demo")
        #expect(try subject.at(60).savedSessionAccount()?.email == Self.demo, "the next run starts logged in")
        try subject.at(60).logOut()
        #expect(try subject.at(120).savedSessionAccount() == nil)
    }

    @Test(
        "Registering obeys the input rules, refuses a taken email, and logs the new account in",
        arguments: DataStoreKind.allCases)
    func register(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        let data = try subject.at()
        let account = try data.register(email: " New@Example.com ", password: "long-enough", displayName: "  New  ")
        #expect(account.email == "new@example.com")
        #expect(account.displayName == "New")
        #expect(account.createdAt == DataStoreSubject.start)
        #expect(try subject.at(1).savedSessionAccount()?.email == "new@example.com")
        #expect(try subject.at(1).logIn(email: "new@example.com", password: "long-enough")?.displayName == "New")
        #expect(throws: AccountFailure.emailTaken) {
            try subject.at(2).register(email: "NEW@example.com", password: "other-one", displayName: "Other")
        }
        #expect(throws: AccountFailure.invalid(EmailAddress.invalidMessage)) {
            try subject.at(2).register(email: "not an email", password: "long-enough", displayName: "X")
        }
        #expect(throws: AccountFailure.invalid(EmailAddress.variantMessage("\u{FF4E}"))) {
            // ｎｅｗ@example.com: full-width letters, a lookalike of the account registered above.
            try subject.at(2).register(
                email: "\u{FF4E}\u{FF45}\u{FF57}@example.com", password: "long-enough", displayName: "Lookalike")
        }
        #expect(throws: AccountFailure.invalid(DisplayName.blankMessage)) {
            try subject.at(2).register(email: "x@example.com", password: "long-enough", displayName: "   ")
        }
        #expect(throws: AccountFailure.hashing(PasswordHasher.Failure.containsNul.description)) {
            try subject.at(2).register(email: "x@example.com", password: "a\u{0}b", displayName: "X")
        }
        #expect(try !subject.at(2).isEmailRegistered("x@example.com"), "a refused account is not kept")
    }

    @Test(
        "A new account sees the tour until it finishes it; an unknown one never does", arguments: DataStoreKind.allCases
    )
    func onboarding(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        _ = try subject.at().register(email: "new@example.com", password: "long-enough", displayName: "New")
        #expect(try !subject.at(1).isOnboardingFinished(email: "new@example.com"))
        try subject.at(1).finishOnboarding(email: "NEW@example.com")
        #expect(try subject.at(2).isOnboardingFinished(email: "new@example.com"))
        #expect(try subject.at(2).isOnboardingFinished(email: "gone@example.com"))
    }

    @Test("Publishing, liking and paging follow the same orders and cursors", arguments: DataStoreKind.allCases)
    func posts(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        let published = try subject.at(10).publish(
            text: "  Hello there  ", authorEmail: "Demo@example.com", authorName: "An old name")
        #expect(published.id == 5)
        #expect(published.text == "Hello there")
        #expect(published.authorName == "Demo", "the name as stored now")
        #expect(published.createdAt == DataStoreSubject.start + 10)
        #expect(throws: PostFailure.invalid(PostText.blankMessage)) {
            try subject.at(10).publish(text: "   ", authorEmail: Self.demo, authorName: "Demo")
        }
        let data = try subject.at(20)
        let liked = try data.setLike(true, postID: "4", email: "ADA@example.com")
        #expect(liked.likeCount == 1 && liked.isLikedByReader)
        #expect(try data.setLike(true, postID: "4", email: "ada@example.com").likeCount == 1, "liking twice is once")
        #expect(try data.post(id: "4", reader: Self.demo)?.isLikedByReader == false)
        #expect(try data.setLike(false, postID: "2", email: Self.demo).likeCount == 2)
        for missing in ["99", "02", "abc"] {
            #expect(throws: PostFailure.notFound(missing)) { try data.setLike(true, postID: missing, email: Self.demo) }
            #expect(try data.post(id: missing, reader: Self.demo) == nil)
        }
        #expect(try data.page(.latest, after: nil, limit: 2, reader: Self.demo).map(\.id) == [5, 4])
        #expect(try data.page(.latest, after: "4", limit: 2, reader: Self.demo).map(\.id) == [3, 2])
        #expect(try data.page(.latest, after: "1", limit: 2, reader: Self.demo).isEmpty)
        #expect(try data.page(.latest, after: "999", limit: 2, reader: Self.demo).isEmpty, "a gone post ends the list")
        #expect(try data.page(.popular, after: nil, limit: 10, reader: Self.demo).map(\.id) == [2, 1, 4, 3, 5])
        #expect(try data.page(.popular, after: "4", limit: 10, reader: Self.demo).map(\.id) == [3, 5])
        #expect(try data.page(by: Self.demo, after: nil, limit: 1, reader: Self.demo).map(\.id) == [5])
        #expect(try data.page(by: Self.demo, after: "5", limit: 5, reader: Self.demo).map(\.id) == [4])
        #expect(try data.page(by: Self.demo, after: "2", limit: 5, reader: Self.demo).isEmpty, "post 2 is Grace's")
        #expect(try data.summary(email: Self.demo)?.postCount == 2)
    }

    @Test("A rename is checked and shows on every post the person wrote", arguments: DataStoreKind.allCases)
    func rename(kind: DataStoreKind) async throws {
        // The subject keeps the live store's folder: it must outlive every use of the store.
        let subject = DataStoreSubject(kind)
        defer { withExtendedLifetime(subject) {} }
        let data = try subject.at()
        #expect(try data.rename(email: "DEMO@example.com", to: "  Dee  ") == "Dee")
        #expect(try data.summary(email: Self.demo) == AccountSummary(displayName: "Dee", postCount: 1))
        #expect(try data.page(by: Self.demo, after: nil, limit: 5, reader: Self.demo).map(\.authorName) == ["Dee"])
        #expect(try data.post(id: "2", reader: Self.demo)?.authorName == "Grace")
        #expect(throws: AccountFailure.invalid(DisplayName.invisibleCharacterMessage)) {
            try data.rename(email: Self.demo, to: "bad\u{202E}name")
        }
        #expect(try data.rename(email: "gone@example.com", to: "Gone") == nil)
        #expect(try data.summary(email: "gone@example.com") == nil)
    }

    @Test(
        "The unseen count is others' posts since the last look at Latest, up to the limit",
        arguments: DataStoreKind.allCases)
    func unseenLatest(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        #expect(try subject.at().unseenLatestCount(email: Self.demo, limit: 99) == 0, "the demo posts are older")
        for (index, author) in ["ada@example.com", Self.demo, "linus@example.com"].enumerated() {
            _ = try subject.at(Double(index + 1)).publish(text: "later \(index)", authorEmail: author, authorName: "A")
        }
        #expect(try subject.at(5).unseenLatestCount(email: Self.demo, limit: 99) == 2, "one's own post is not news")
        #expect(try subject.at(5).unseenLatestCount(email: Self.demo, limit: 1) == 1)
        try subject.at(6).markLatestSeen(email: Self.demo)
        #expect(try subject.at(7).unseenLatestCount(email: Self.demo, limit: 99) == 0)
        _ = try subject.at(8).publish(text: "news", authorEmail: "ada@example.com", authorName: "Ada")
        #expect(try subject.at(9).unseenLatestCount(email: "DEMO@example.com", limit: 99) == 1)
        #expect(try subject.at(9).unseenLatestCount(email: "gone@example.com", limit: 99) == 0)
    }

    @Test("The record of where the person is comes back in the next run", arguments: DataStoreKind.allCases)
    func restoration(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        #expect(try subject.at().restorationStore.load() == nil)
        let state = RestorationState(
            kind: "app", version: 1, values: ["tab": "feed"],
            children: [RestorationState(kind: "feed", version: 1, values: ["post": "2"])])
        try subject.at(1).restorationStore.save(state)
        #expect(try subject.at(2).restorationStore.load() == state)
    }
}
