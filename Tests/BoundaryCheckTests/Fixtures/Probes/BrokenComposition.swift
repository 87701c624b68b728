// A probe that must compile, but names a builder that is not published: [compile-probe].
import Core

@MainActor
func compose() -> any Containable {
    ProfileContainer(dependency: ())
}
