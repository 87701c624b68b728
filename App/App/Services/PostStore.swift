import Foundation

/// Posts in the data directory. Safe to use from any thread and any process: every change re-reads the file
/// under the folder's lock, so concurrent writers never lose a post or a like.
struct PostStore: Sendable {
    /// Why a change to a post failed.
    enum Failure: Error, Equatable {
        /// No post has this id.
        case notFound(String)
        /// The data directory failed.
        case data(DataError)
    }

    /// The folder holding the file.
    let directory: DataDirectory

    /// Every post, newest first (ties: the later id first).
    func latest() throws(DataError) -> [PostRecord] {
        try all().sorted(by: Self.isNewer)
    }

    /// Every post, most liked first (ties: newest first).
    func popular() throws(DataError) -> [PostRecord] {
        try all().sorted { left, right in
            left.likedBy.count != right.likedBy.count
                ? left.likedBy.count > right.likedBy.count : Self.isNewer(left, right)
        }
    }

    /// The post with `id`, if any.
    func post(id: String) throws(DataError) -> PostRecord? {
        try all().first { $0.id == id }
    }

    /// Adds a post and returns it with its new id.
    func publish(text: String, authorEmail: String, authorName: String, now: Date) throws(DataError) -> PostRecord {
        try directory.withExclusiveLock { () throws(DataError) -> PostRecord in
            var document = try document()
            let record = PostRecord(
                id: String(document.nextID), authorEmail: authorEmail, authorName: authorName, createdAt: now,
                text: text, likedBy: [])
            document.nextID += 1
            document.posts.append(record)
            try directory.write(document, to: DataFiles.posts)
            return record
        }
    }

    /// Likes the post for `email`, or takes the like back, and returns the post as it is now.
    func toggleLike(postID: String, email: String) throws(Failure) -> PostRecord {
        let outcome: Result<PostRecord, Failure>
        do {
            outcome = try directory.withExclusiveLock { () throws(DataError) -> Result<PostRecord, Failure> in
                var document = try document()
                guard let index = document.posts.firstIndex(where: { $0.id == postID }) else {
                    return .failure(.notFound(postID))
                }
                if let likeIndex = document.posts[index].likedBy.firstIndex(of: email) {
                    document.posts[index].likedBy.remove(at: likeIndex)
                } else {
                    document.posts[index].likedBy.append(email)
                }
                try directory.write(document, to: DataFiles.posts)
                return .success(document.posts[index])
            }
        } catch {
            throw .data(error)
        }
        return try outcome.get()
    }

    /// Writes `posts` as the whole file when there is no posts file yet (used to seed the demo posts).
    func seedIfMissing(_ posts: [PostRecord]) throws(DataError) {
        try directory.withExclusiveLock { () throws(DataError) in
            guard try directory.read(DataFiles.posts, as: PostsDocument.self) == nil else { return }
            let nextID = (posts.compactMap { Int($0.id) }.max() ?? 0) + 1
            try directory.write(PostsDocument(nextID: nextID, posts: posts), to: DataFiles.posts)
        }
    }

    private func all() throws(DataError) -> [PostRecord] {
        try document().posts
    }

    private func document() throws(DataError) -> PostsDocument {
        try directory.read(DataFiles.posts, as: PostsDocument.self) ?? PostsDocument(nextID: 1, posts: [])
    }

    private static func isNewer(_ left: PostRecord, _ right: PostRecord) -> Bool {
        if left.createdAt != right.createdAt { return left.createdAt > right.createdAt }
        return (Int(left.id) ?? 0) > (Int(right.id) ?? 0)
    }
}
