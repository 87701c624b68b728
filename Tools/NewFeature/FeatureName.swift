/// The name of a feature to create, such as `Profile` for the module `ProfileFeature`.
struct FeatureName {
    /// The prefix of every role, such as `Profile`.
    let prefix: String

    /// Validates `text` as a feature name: an UpperCamelCase Swift identifier of letters and digits, without the
    /// `Feature` suffix (the module gets it).
    init(_ text: String) throws(ScaffoldError) {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else {
            throw .invalidName(text, "it must start with an uppercase letter A-Z, as in `Profile`")
        }
        let isAlphanumeric = text.unicodeScalars.allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        guard isAlphanumeric else {
            throw .invalidName(text, "it may contain only the letters A-Z and a-z and the digits 0-9")
        }
        guard !text.hasSuffix("Feature") else {
            throw .invalidName(
                text, "leave out the `Feature` suffix: `new-feature \(text.dropLast(7))` creates \(text)")
        }
        guard text.count <= 40 else { throw .invalidName(text, "it is longer than 40 characters") }
        prefix = text
    }

    /// The module's name, such as `ProfileFeature`.
    var module: String { prefix + "Feature" }

    /// The test target's name, such as `ProfileFeatureTests`.
    var testTarget: String { module + "Tests" }

    /// The prefix with a lowercase first letter, such as `profile`, for screen ids and method names.
    var lowercased: String { prefix.prefix(1).lowercased() + prefix.dropFirst() }
}
