/// The generated part of a Markdown file: the lines between a begin marker and an end marker, which the tool
/// owns and rewrites whole.
struct ReadmeSection {
    /// The first line of the section; the text after `begin` is free.
    static let beginMarker = "<!-- module-graph: begin"
    /// The last line of the section.
    static let endMarker = "<!-- module-graph: end -->"

    /// The section's content for `graph`: the Mermaid block and a line on how to read and regenerate it.
    static func content(for graph: ModuleGraph) -> String {
        """
        ```mermaid
        \(graph.mermaid)
        ```

        An arrow goes from a target to a target it depends on; executables are rounded, system libraries are
        cylinders. Test targets are not drawn. Drawn from the manifest as SwiftPM evaluates it by
        `swift run module-graph`, which rewrites this section; `swift run module-graph --check` fails when it is out
        of date.
        """
    }

    /// Why a file's section cannot be replaced.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case missingMarkers
        case repeatedMarkers

        var description: String {
            switch self {
            case .missingMarkers:
                "it has no line starting with `\(ReadmeSection.beginMarker)` followed by a line "
                    + "`\(ReadmeSection.endMarker)`; add both where the graph belongs"
            case .repeatedMarkers:
                "it has more than one `\(ReadmeSection.beginMarker)` or `\(ReadmeSection.endMarker)` line; "
                    + "keep one of each"
            }
        }
    }

    /// `text` with the lines between its markers replaced by `content`; the markers themselves are kept.
    static func replacing(in text: String, with content: String) throws(Problem) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let begins = lines.indices.filter { lines[$0].hasPrefix(beginMarker) }
        let ends = lines.indices.filter { lines[$0].trimmingSuffixSpaces == endMarker }
        guard begins.count <= 1, ends.count <= 1 else { throw .repeatedMarkers }
        guard let begin = begins.first, let end = ends.first, begin < end else { throw .missingMarkers }
        let replaced = lines[...begin].map(String.init) + [content] + lines[end...].map(String.init)
        return replaced.joined(separator: "\n")
    }
}

extension Substring {
    fileprivate var trimmingSuffixSpaces: Substring {
        var text = self
        while text.last == " " || text.last == "\r" { text.removeLast() }
        return text
    }
}
