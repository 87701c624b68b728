/// The rules for what a person may type, written once and used by every screen that takes the text and by the
/// app's stores that keep it, so a screen and the store can never disagree.
///
/// Each rule normalizes the text the way it is kept (``normalized(_:)``) and explains a refusal as a sentence a
/// screen can show (``problem(_:)``), or `nil` when the text is acceptable. The stores apply the same two calls
/// before they write, so text that reaches them by another way (a script, another process) obeys them too.

/// What counts as blank and which characters are invisible: the building blocks of the other rules.
public enum InputText {
    /// `text` without the whitespace and line breaks around it.
    public static func trimmed(_ text: String) -> String {
        // Most text begins and ends with a visible ASCII character, so nothing around it is whitespace: a character
        // that begins with one is not whitespace, and one that ends with one begins with it or with a prepended
        // mark, which is not whitespace either. Reading the two bytes costs nothing beside reading characters.
        if let first = text.utf8.first, let last = text.utf8.last, isVisibleASCII(first), isVisibleASCII(last) {
            return text
        }
        // Found from both ends by index, so the text is read once and copied once: building it back from reversed
        // characters cost most of the time of every rule that trims.
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        if first == text.startIndex, text.index(after: last) == text.endIndex { return text }
        return String(text[first...last])
    }

    /// Whether `byte` is a visible ASCII character: neither a control character, nor a space, nor past ASCII.
    static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// Whether `text` shows nothing: it holds only whitespace, line breaks and the joiners U+200C and U+200D.
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || joiners.contains($0) }
    }

    /// Whether `text` holds a character that is drawn as nothing or changes how the text around it is drawn:
    /// a control character (general category Cc, such as U+0000 or ESC) or a format character (Cf, such as the
    /// zero-width space U+200B, the bidi override U+202E or the byte-order mark U+FEFF). The joiners U+200C and
    /// U+200D are allowed: emoji sequences and several scripts need them.
    public static func containsInvisibleCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isInvisible)
    }

    /// Whether `scalar` is one of the characters ``containsInvisibleCharacter(_:)`` refuses: a control or format
    /// character other than the joiners. The terminal draws the same characters escaped, by this rule.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: !joiners.contains(scalar)
        default: false
        }
    }

    private static let joiners: Set<Unicode.Scalar> = ["\u{200C}", "\u{200D}"]
}

/// What an email address may be: one `@` with text before it, a domain of at least two non-empty dot-separated
/// labels after it, no whitespace and no invisible character. Deliberately simple; the account service has the
/// final word on whether the address exists.
///
/// Addresses are compared as they are stored: trimmed and lowercased. An address that Unicode's compatibility
/// normalization and case folding (NFKC_Casefold) would change beyond that, because it holds a variant of another
/// character (`ｄ`, the full-width d; `ﬁ`, a ligature; `𝐝`, a styled letter), is refused for a new account
/// (``problem(_:)``), so no new account looks like another one. Log-in takes any well-formed address
/// (``isWellFormed(_:)``), so an account registered before that rule still logs in.
public enum EmailAddress {
    /// The message shown for an address that is not well-formed.
    public static let invalidMessage = "Enter a valid email address."

    /// The message shown for an address holding `variant`, a variant of another character.
    public static func variantMessage(_ variant: Unicode.Scalar) -> String {
        let code = String(variant.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        return "Type the email address in plain characters: “\(variant)” (U+\(padded)) is a variant of another "
            + "character, such as a full-width letter, and would make the address look like a different one."
    }

    /// The first character of `text`, as typed, whose stored form (lowercased, ``normalized(_:)``) NFKC_Casefold
    /// would change: a compatibility variant (full-width, styled, circled, a ligature), a letter case folding changes
    /// further (`ß`, which folds to `ss`), or a character it removes; `nil` when the stored form is already what
    /// NFKC_Casefold gives, as plain ASCII and composed letters such as `é` are. A full-width capital is named as
    /// typed (`Ｄ`), not as the small letter it would be stored as.
    public static func variantCharacter(in text: String) -> Unicode.Scalar? {
        let text = InputText.trimmed(text)
        // Lowercased ASCII is its own NFKC_Casefold form: most addresses are answered without a property lookup.
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return text.unicodeScalars.first { typed in
            String(typed).lowercased().unicodeScalars.contains { $0.properties.changesWhenNFKCCaseFolded }
        }
    }

    /// The form an address is checked, stored and compared in: trimmed and lowercased.
    public static func normalized(_ text: String) -> String {
        InputText.trimmed(text).lowercased()
    }

    /// Whether `text`, normalized, looks like an email address.
    public static func isWellFormed(_ text: String) -> Bool {
        // Visible ASCII, what almost every address is, holds no whitespace and no invisible character, trims and
        // lowercases to itself as far as `@` and `.` go, and its characters are its bytes: its shape is read from
        // them, without building the normalized text.
        if text.utf8.allSatisfy(InputText.isVisibleASCII) { return hasAddressShape(text.utf8) }
        let text = normalized(text)
        guard !text.contains(where: \.isWhitespace), !InputText.containsInvisibleCharacter(text) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// Whether the ASCII `bytes` hold one `@` with something before it, then at least two labels separated by dots,
    /// none empty: the shape ``isWellFormed(_:)`` asks of an address.
    private static func hasAddressShape(_ bytes: String.UTF8View) -> Bool {
        var ats = 0
        var localLength = 0
        var labels = 0
        var labelLength = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "@"):
                ats += 1
                guard ats == 1 else { return false }
            case UInt8(ascii: ".") where ats == 1:
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            default:
                if ats == 0 { localLength += 1 } else { labelLength += 1 }
            }
        }
        return ats == 1 && localLength > 0 && labels >= 1 && labelLength > 0
    }

    /// The most bytes (UTF-8) an address of a new account may have before its `@`: the limit mail servers hold
    /// an address's local part to (RFC 5321).
    public static let maximumLocalPartLength = 64

    /// The most bytes (UTF-8) an address of a new account may have in all: what fits the path mail servers take
    /// (RFC 5321 and its erratum).
    public static let maximumLength = 254

    /// The message shown for an address longer than mail servers take.
    public static let tooLongMessage =
        "Enter a shorter email address: at most \(maximumLocalPartLength) bytes before the @ and \(maximumLength) in "
        + "all (a letter with an accent takes two)."

    /// Why `text` cannot be the address of a new account, or `nil` when it can: it is not well-formed, longer than
    /// mail servers take (``maximumLocalPartLength``, ``maximumLength``), or it holds a variant of another
    /// character (``variantCharacter(in:)``).
    public static func problem(_ text: String) -> String? {
        guard isWellFormed(text) else { return invalidMessage }
        let address = normalized(text)
        let localPart = address.utf8.prefix { $0 != UInt8(ascii: "@") }
        guard localPart.count <= maximumLocalPartLength, address.utf8.count <= maximumLength else {
            return tooLongMessage
        }
        return variantCharacter(in: text).map(variantMessage)
    }
}

/// What a display name, shown to others beside each post, may hold: something visible, at most ``maximumLength``
/// characters, and no invisible character (see ``InputText/containsInvisibleCharacter(_:)``), which could make a
/// name look empty or like someone else's.
public enum DisplayName {
    /// The most characters (as a person counts them: grapheme clusters) a name may have: it is drawn beside every
    /// post and on the navigation bar, where a longer one would push out what it stands beside.
    public static let maximumLength = 50
    /// The message shown for a name that shows nothing.
    public static let blankMessage = "Enter a display name."

    /// The message shown for a name of `length` characters, over ``maximumLength``.
    public static func tooLongMessage(length: Int) -> String {
        "A display name can have at most \(maximumLength) characters; this one has \(length)."
    }
    /// The message shown for a name holding an invisible character.
    public static let invisibleCharacterMessage =
        "Use only visible characters in your display name (no control, zero-width or direction characters)."

    /// The form a name is stored in: trimmed.
    public static func normalized(_ text: String) -> String {
        InputText.trimmed(text)
    }

    /// Why `text` cannot be used as a display name, or `nil` when it can.
    public static func problem(_ text: String) -> String? {
        if InputText.containsInvisibleCharacter(text) { return invisibleCharacterMessage }
        if InputText.isBlank(text) { return blankMessage }
        let length = normalized(text).count
        return length > maximumLength ? tooLongMessage(length: length) : nil
    }
}

/// What a post may say: something visible, at most ``maximumLength`` characters.
public enum PostText {
    /// The most characters (as a person counts them: grapheme clusters) a post may have.
    public static let maximumLength = 500
    /// The message shown for a post with nothing to show.
    public static let blankMessage = "Write something to post."

    /// The message shown for a post of `length` characters, over ``maximumLength``.
    public static func tooLongMessage(length: Int) -> String {
        "A post can have at most \(maximumLength) characters; this one has \(length)."
    }

    /// The form a post is stored in: trimmed.
    public static func normalized(_ text: String) -> String {
        InputText.trimmed(text)
    }

    /// Why `text`, normalized, cannot be posted, or `nil` when it can.
    public static func problem(_ text: String) -> String? {
        let text = normalized(text)
        if InputText.isBlank(text) { return blankMessage }
        let length = text.count
        return length > maximumLength ? tooLongMessage(length: length) : nil
    }
}
