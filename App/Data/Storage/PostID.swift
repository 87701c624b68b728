/// A post's id as text: the one reader of post ids, for links, the saved place and the store alike.
///
/// An id is the decimal number the database gave the post, written as the app writes it: digits only, no sign,
/// no leading zero, at most the largest 64-bit integer. So `2` is post 2, while `+2`, `02` or `2.0` name no post,
/// whichever way they arrive.
package enum PostID {
    /// The post number `text` names, or `nil` when it is not an id the app writes.
    package static func number(_ text: String) -> Int64? {
        guard let number = Int64(text), number > 0, String(number) == text else { return nil }
        return number
    }
}
