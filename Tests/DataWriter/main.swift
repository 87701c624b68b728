import AppData
import Glibc

// A process that writes to a data folder through the data room alone, as the app does for a person: it signs
// `email` up unless the account exists, then publishes `posts` posts whose texts are `<prefix> 0`, `<prefix> 1` …,
// liking the post `<first liked> + i` after the i-th post, for the first `likes` of them. The data room's tests run
// two at once, or kill one while it writes. Exits 0 once every write is stored, 1 with the failure on standard
// error, 64 for arguments it cannot read.
//
//     DataWriter <data folder> <email> <display name> <text prefix> <posts> [<first liked post id> <likes>]

/// Writes `text` and a newline to standard error, then ends the process with `status`.
func fail(_ text: String, status: Int32) -> Never {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5 || arguments.count == 7, let posts = Int(arguments[4]),
    let firstLiked = arguments.count == 7 ? Int(arguments[5]) : 0,
    let likes = arguments.count == 7 ? Int(arguments[6]) : 0
else {
    fail(
        "usage: DataWriter <data folder> <email> <display name> <text prefix> <posts> [<first liked> <likes>]",
        status: 64)
}
let (folder, email, name, prefix) = (arguments[0], arguments[1], arguments[2], arguments[3])
do {
    let store = try LiveDataStore(
        dataDirectory: folder, clock: AppClock(fixedNow: nil), movesDamagedFilesAside: false, checksEveryPage: false,
        allowsUnsafeFolder: false)
    if try !store.isEmailRegistered(email) {
        _ = try store.register(email: email, password: "writer-password", displayName: name)
    }
    for index in 0..<posts {
        _ = try store.publish(text: "\(prefix) \(index)", authorEmail: email, authorName: name)
        if index < likes { _ = try store.setLike(true, postID: String(firstLiked + index), email: email) }
    }
} catch {
    fail("DataWriter: \(error)", status: 1)
}
