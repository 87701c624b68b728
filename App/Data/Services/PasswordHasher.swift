import CCrypt
import Glibc

/// Salted yescrypt password hashes through libcrypt's `crypt_r`.
///
/// A hash looks like `$y$j9T$<salt>$<hash>`; the salt comes from `/dev/urandom`. Verifying re-hashes the
/// candidate with the stored hash as the setting and compares the results in constant time. Clear-text
/// passwords are never kept, printed or written anywhere.
///
/// `crypt_r` reads C strings, which end at the first NUL byte: a password containing U+0000 would be hashed, and
/// checked, as only what precedes it. Such a password is refused by ``hash(_:)`` and never matches in
/// ``verify(_:against:)``.
enum PasswordHasher {
    /// Why a password could not be hashed.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// `/dev/urandom` could not be read.
        case noRandomness
        /// libcrypt refused the setting.
        case hashingFailed
        /// The password contains U+0000, which would cut it short.
        case containsNul

        var description: String {
            switch self {
            case .noRandomness: "no random bytes for a password salt"
            case .hashingFailed: "the password could not be hashed"
            case .containsNul: "the password contains a NUL character"
            }
        }
    }

    /// Hashes `password` with a new random salt, at `cost`.
    ///
    /// - Throws: ``Failure/containsNul`` for a password containing U+0000.
    static func hash(_ password: String, cost: PasswordCost = .standard) throws(Failure) -> String {
        guard !containsNul(password) else { throw .containsNul }
        guard let salt = randomSalt() else { throw .noRandomness }
        let prefix = cost.settingPrefix
        guard let hash = crypt(password, setting: prefix + salt), hash.hasPrefix(prefix) else {
            throw .hashingFailed
        }
        return hash
    }

    /// Whether `password` matches `storedHash`, compared in constant time; never for a password containing U+0000.
    static func verify(_ password: String, against storedHash: String) -> Bool {
        guard !containsNul(password), !containsNul(storedHash), storedHash.hasPrefix("$y$"),
            let candidate = crypt(password, setting: storedHash)
        else { return false }
        return constantTimeEqual(Array(candidate.utf8), Array(storedHash.utf8))
    }

    private static func containsNul(_ text: String) -> Bool {
        text.utf8.contains(0)
    }

    private static func crypt(_ password: String, setting: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        UnsafeMutableRawPointer(data).initializeMemory(
            as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
        defer {
            UnsafeMutableRawPointer(data).initializeMemory(
                as: UInt8.self, repeating: 0, count: MemoryLayout<crypt_data>.size)
            data.deallocate()
        }
        guard let result = crypt_r(password, setting, data) else { return nil }
        let text = String(cString: result)
        // libcrypt reports failure with a string starting with `*` instead of a hash.
        return text.hasPrefix("*") ? nil : text
    }

    /// 16 random bytes in crypt's base-64 alphabet (22 characters).
    private static func randomSalt() -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return cryptBase64(bytes)
    }

    private static func cryptBase64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var output = ""
        var accumulator: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            accumulator |= UInt32(byte) << UInt32(bitCount)
            bitCount += 8
            while bitCount >= 6 {
                output.append(alphabet[Int(accumulator & 0x3F)])
                accumulator >>= 6
                bitCount -= 6
            }
        }
        if bitCount > 0 { output.append(alphabet[Int(accumulator & 0x3F)]) }
        return output
    }

    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}

/// How much work a new password hash costs: the yescrypt parameters of the hashes an account store writes. A stored
/// hash carries its own, so a hash verifies whatever the store's cost is now.
package enum PasswordCost: Sendable {
    /// libcrypt's default for yescrypt (`$y$j9T$`): about 20 ms and 16 MiB a hash, on purpose, so that a stolen
    /// database is slow to guess at. The app always hashes at this cost.
    case standard
    /// yescrypt's smallest cost (`$y$j75$`): about a millisecond. For tests whose subject is not the hash's strength,
    /// as Rails tests hash with bcrypt's smallest cost: the hashing and checking are the same code, only faster.
    case minimal

    /// The yescrypt setting that comes before the salt.
    var settingPrefix: String {
        switch self {
        case .standard: "$y$j9T$"
        case .minimal: "$y$j75$"
        }
    }
}
