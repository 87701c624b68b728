import Core

final class SignUpViewController {}
