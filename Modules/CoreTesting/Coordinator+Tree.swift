public import Core

extension Coordinator {
    /// The subtree as indented lines, one coordinator a line, for example
    /// `["AppCoordinator", "  LoginCoordinator", "    SignUpCoordinator"]`.
    public var treeLines: [String] {
        var lines: [String] = []
        appendTreeLines(indent: "", to: &lines)
        return lines
    }

    /// The names of every coordinator in the subtree, depth first, this one first.
    public var subtreeNames: [String] {
        [name] + children.flatMap(\.subtreeNames)
    }

    private func appendTreeLines(indent: String, to lines: inout [String]) {
        lines.append(indent + name)
        for child in children {
            child.appendTreeLines(indent: indent + "  ", to: &lines)
        }
    }
}
