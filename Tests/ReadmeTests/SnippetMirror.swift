/// A README block as a compiled Swift file holds it, verbatim, between marker comments.
///
/// In a Swift file a mirror reads
///
///     // README snippet: start-a-tracker
///     …the block's lines…
///     // README snippet end
///
/// The begin marker's indentation is taken off every line between the markers (so the block can sit inside a
/// function or type, whose wrapping stays outside the markers); an empty line stays empty. A block that mixes
/// declarations and statements is mirrored in parts: regions with the same label join, in file order, into
/// one mirror (all parts of a label live in one file).
struct SnippetMirror {
    /// The label after `// README snippet:`, for messages.
    var label: String
    /// The mirrored lines, indentation removed, with their locations in the Swift file.
    var lines: [SourceLine]

    static let beginMarker = "// README snippet:"
    static let endMarker = "// README snippet end"

    /// The mirrors in one Swift file; `file` names it in locations. A marker problem (an unclosed region, a
    /// line less indented than its marker) is returned as a message instead.
    static func mirrors(in source: String, file: String) -> (mirrors: [SnippetMirror], problems: [String]) {
        var mirrors: [SnippetMirror] = []
        var problems: [String] = []
        var open: (label: String, indentation: String, location: String)?
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let line = SourceLine(file: file, number: index + 1, text: text)
            let trimmed = text.drop { $0 == " " }
            if let region = open {
                if trimmed == endMarker {
                    open = nil
                } else if text.isEmpty || text.hasPrefix(region.indentation) {
                    let stripped = text.isEmpty ? "" : String(text.dropFirst(region.indentation.count))
                    let index = mirrors.lastIndex { $0.label == region.label }!
                    mirrors[index].lines.append(SourceLine(file: file, number: line.number, text: stripped))
                } else {
                    problems.append("\(line.location): less indented than its `\(beginMarker) \(region.label)` marker")
                }
            } else if trimmed.hasPrefix(beginMarker) {
                let label = trimmed.dropFirst(beginMarker.count).trimmingSpaces()
                open = (label, String(text.prefix(text.count - trimmed.count)), line.location)
                if !mirrors.contains(where: { $0.label == label }) {
                    mirrors.append(SnippetMirror(label: label, lines: []))
                }
            }
        }
        if let region = open {
            problems.append("\(region.location): `\(beginMarker) \(region.label)` has no `\(endMarker)`")
        }
        return (mirrors, problems)
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
