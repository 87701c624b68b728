import Core
import DataTesting
import Foundation
import Testing

@testable import AppData

/// A list reads its first page each time it appears, and the store answers a page asked again from what it read
/// while nothing was committed since: what the tests below hold is that the answer is always the page as the
/// database holds it now, whoever changed it.
@Suite("A page read again is the page the database holds now")
@MainActor
struct PageReadAgainTests {
    @Test("This process's like, post and new name are in the next read of the same page")
    func ownChangesShow() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        let first = try store.page(.latest, after: nil, limit: 20, reader: Demo.email)
        #expect(try store.page(.latest, after: nil, limit: 20, reader: Demo.email) == first)
        let unliked = try #require(first.first { !$0.isLikedByReader && $0.authorEmail != Demo.email })

        _ = try store.setLike(true, postID: String(unliked.id), email: Demo.email)
        let liked = try store.page(.latest, after: nil, limit: 20, reader: Demo.email).first { $0.id == unliked.id }
        #expect(liked?.likeCount == unliked.likeCount + 1)
        #expect(liked?.isLikedByReader == true)

        let published = try store.publish(text: "Fresh", authorEmail: Demo.email, authorName: "Demo")
        #expect(try store.page(.latest, after: nil, limit: 20, reader: Demo.email).first?.id == published.id)

        #expect(try store.rename(email: Demo.email, to: "Renamed") == "Renamed")
        let renamed = try store.page(.latest, after: nil, limit: 20, reader: Demo.email).first
        #expect(renamed?.id == published.id && renamed?.authorName == "Renamed")
    }

    @Test("The saved session read again is the one stored now: after a log-out here, and a log-in or log-out elsewhere")
    func sessionReadAgain() async throws {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        let mine = try data.store()
        let elsewhere = try data.store()
        #expect(try mine.savedSessionAccount()?.email == Demo.email)
        #expect(try mine.savedSessionAccount()?.email == Demo.email, "asked again, unchanged")
        try elsewhere.logOut()
        #expect(try mine.savedSessionAccount() == nil, "logged out by another connection")
        _ = try elsewhere.register(email: "nova@example.com", password: "nova-password", displayName: "Nova")
        #expect(try mine.savedSessionAccount()?.email == "nova@example.com", "someone else logged in elsewhere")
        try mine.logOut()
        #expect(try mine.savedSessionAccount() == nil, "logged out here")
        #expect(try elsewhere.savedSessionAccount() == nil)
    }

    @Test("Another process's like and edit are in the next read of the same page, in either order")
    func othersChangesShow() async throws {
        let data = try TemporaryDataDirectory()
        let mine = try data.store()
        let elsewhere = try data.store()
        for order in PostOrder.allCases {
            _ = try mine.page(order, after: nil, limit: 20, reader: Demo.email)
        }
        // The demo account likes post 2; another process takes the like back.
        _ = try elsewhere.setLike(false, postID: "2", email: Demo.email)
        for order in PostOrder.allCases {
            let post = try mine.page(order, after: nil, limit: 20, reader: Demo.email).first { $0.id == 2 }
            #expect(post?.isLikedByReader == false, "\(order)")
            #expect(post?.likeCount == 2, "\(order)")
        }
        try data.sql("UPDATE posts SET text = 'Edited elsewhere' WHERE id = 3")
        let edited = try mine.page(.latest, after: nil, limit: 20, reader: Demo.email).first { $0.id == 3 }
        #expect(edited?.text == "Edited elsewhere")
    }

    @Test("Each reader, order, limit and starting post is its own page")
    func eachQuestionItsOwnPage() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        let asDemo = try store.page(.latest, after: nil, limit: 20, reader: Demo.email)
        let asAda = try store.page(.latest, after: nil, limit: 20, reader: "ada@example.com")
        #expect(asDemo.first { $0.id == 2 }?.isLikedByReader == true)
        #expect(asAda.first { $0.id == 2 }?.isLikedByReader == true, "Ada likes post 2 too")
        #expect(asAda.first { $0.id == 3 }?.isLikedByReader == true)
        #expect(asDemo.first { $0.id == 3 }?.isLikedByReader == false)

        let latest = try store.page(.latest, after: nil, limit: 20, reader: Demo.email).map(\.id)
        let popular = try store.page(.popular, after: nil, limit: 20, reader: Demo.email).map(\.id)
        #expect(latest == [4, 3, 2, 1])
        #expect(popular == [2, 1, 3, 4])
        #expect(try store.page(.latest, after: nil, limit: 2, reader: Demo.email).map(\.id) == [4, 3])
        #expect(try store.page(.latest, after: "3", limit: 2, reader: Demo.email).map(\.id) == [2, 1])
    }

    @Test("Saving the place between two reads leaves the page as the database holds it")
    func savingThePlaceChangesNoPage() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        let first = try store.page(.popular, after: nil, limit: 20, reader: Demo.email)
        try store.restorationStore.save(RestorationState(kind: "app", version: 1, values: ["flow": "main"]))
        #expect(try store.page(.popular, after: nil, limit: 20, reader: Demo.email) == first)
        try data.sql("DELETE FROM likes WHERE post_id = 1; DELETE FROM posts WHERE id = 1")
        try store.restorationStore.save(RestorationState(kind: "app", version: 1, values: ["flow": "login"]))
        #expect(try store.page(.popular, after: nil, limit: 20, reader: Demo.email).map(\.id) == [2, 3, 4])
    }
}
