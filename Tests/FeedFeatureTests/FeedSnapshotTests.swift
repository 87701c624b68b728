import Core
import CoreTesting
import Testing

/// What a person sees of the feed in its main states, as text stored in `__Snapshots__/FeedSnapshotTests`: a
/// change to a screen shows up in review as a diff of these files.
@Suite("The feed's screens, as snapshots")
@MainActor
struct FeedSnapshotTests {
    @Test("The latest posts, then the popular ones")
    func segments() async throws {
        try withFeedShown { parent, window in
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "latest")
            try window.tap("popular")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "popular")
        }
    }

    @Test("A post's detail pushed over the feed")
    func postDetail() async throws {
        try withFeedShown { parent, window in
            try window.tap("post.p2")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "post-detail")
        }
    }

    @Test("Compose presented, empty and with a draft")
    func compose() async throws {
        try withFeedShown { parent, window in
            try window.tap("compose")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "compose-empty")
            try window.type("Hello from a snapshot", into: "text")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "compose-draft")
        }
    }
}
