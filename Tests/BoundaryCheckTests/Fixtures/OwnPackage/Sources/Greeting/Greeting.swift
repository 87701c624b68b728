/// The greeting the package publishes.
public func greeting() -> String { prefix + "world" }

/// What every greeting starts with: internal, so the access probe has something to name.
let prefix = "hello, "
