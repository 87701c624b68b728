import BoundaryCheck

/// The public surface a new feature starts with, in the baseline format of `Tools/Baselines/<Module>.txt`
/// (`__Name__` stands for the feature's prefix). The boundary check compares it with the compiled module.
enum FeatureBaseline {
    /// The baseline's declaration lines, before the name is filled in.
    static let lines = """
        class __Name__Feature.__Name__Container: @MainActor final class __Name__Container
        conforms __Name__Feature.__Name__Containable: Core.Containable
        conforms __Name__Feature.__Name__Container: Core.Containable
        conforms __Name__Feature.__Name__Container: __Name__Feature.__Name__Containable
        conforms __Name__Feature.__Name__Container: Swift.Sendable
        func __Name__Feature.__Name__Containable.coordinator(listener:): @MainActor func coordinator(listener: any __Name__Listener) -> any ViewableCoordinating
        func __Name__Feature.__Name__Container.coordinator(listener:): @MainActor func coordinator(listener: any __Name__Listener) -> any ViewableCoordinating
        func __Name__Feature.__Name__Listener.__name__DidClose(): @MainActor func __name__DidClose()
        inherits __Name__Feature.__Name__Container: Core.Container
        init __Name__Feature.__Name__Container.init(dependency:): @MainActor override init(dependency: any __Name__Dependency)
        protocol __Name__Feature.__Name__Containable: @MainActor protocol __Name__Containable : Containable
        protocol __Name__Feature.__Name__Dependency: @MainActor protocol __Name__Dependency
        protocol __Name__Feature.__Name__Listener: @MainActor protocol __Name__Listener : AnyObject
        protocol __Name__Feature.__Name__Service: @MainActor protocol __Name__Service : AnyObject
        var __Name__Feature.__Name__Dependency.__name__Service: @MainActor var __name__Service: any __Name__Service { get }
        var __Name__Feature.__Name__Service.title: @MainActor var title: String { get }
        """

    /// The baseline file of the feature `name`: its lines, sorted as the check sorts them, in the file the check
    /// writes (`Baseline.text(module:lines:updateCommand:)`), so a new feature's baseline is what recording it gives.
    static func text(for name: FeatureName) -> String {
        let filled = FeatureScaffold.fill(lines, name).split(separator: "\n").map(String.init).sorted()
        return Baseline.text(module: name.module, lines: filled)
    }
}
