extension Coordinator {
    /// Attaches `child` and shows its screen with `show`, as one step: if `show`
    /// throws, `child` is detached and stopped again before the error is
    /// rethrown, so the tree never keeps a child whose screen was not shown.
    ///
    /// The parent still decides how the child is shown:
    ///
    /// ```swift
    /// try addChild(signUp) { try viewControllerable.push($0) }
    /// try addChild(compose) { try viewControllerable.present($0, style: .pageSheet) }
    /// ```
    ///
    /// `show` should throw only before it changes anything, as every routing
    /// method does; a `show` that shows the screen and then throws leaves the
    /// screen shown with its child detached.
    ///
    /// - Throws: a ``CoordinatorError`` if `child` cannot be attached (then
    ///   `show` does not run), or what `show` throws, usually a
    ///   ``NavigationError``.
    public final func addChild(
        _ child: any ViewableCoordinating,
        showing show: (any ViewControllerable) throws -> Void
    ) throws {
        try addChild(child)
        do {
            try show(child.viewControllerable)
        } catch {
            try? removeChild(child)
            throw error
        }
    }
}
