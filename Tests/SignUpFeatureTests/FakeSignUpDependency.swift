import SignUpFeature

/// What a parent hands the sign-up builder in these tests.
struct FakeSignUpDependency: SignUpDependency {
    let accounts: any SignUpAccountService
}
