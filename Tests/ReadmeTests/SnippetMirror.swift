/// A documentation block as a compiled Swift file holds it, verbatim, between marker comments.
///
/// In a Swift file a mirror reads
///
///     // Snippet: start-a-tracker
///     …the block's lines…
///     // Snippet end
///
/// The begin marker's indentation is taken off every line between the markers (so the block can sit inside a
/// function or type, whose wrapping stays outside the markers); an empty line stays empty. A block that mixes
/// declarations and statements is mirrored in parts: regions with the same label join, in file order, into
/// one mirror (all parts of a label live in one file). Regions nest: a shorter block (a README excerpt) can be
/// mirrored inside a longer one (the article's whole test); each line goes to every region open around it, and
/// marker lines go to none.
struct SnippetMirror {
    /// The label after `// Snippet:`, for messages.
    var label: String
    /// The mirrored lines, indentation removed, with their locations in the Swift file.
    var lines: [SourceLine]

    static let beginMarker = "// Snippet:"
    static let endMarker = "// Snippet end"
    /// The markers' spelling before DocC articles were mirrored too; reported, so that a mirror written so is
    /// not silently ignored.
    static let formerMarkers = ["// README snippet:", "// README snippet end"]

    /// The mirrors in one Swift file; `file` names it in locations. A marker problem (an unclosed region, an
    /// end without a begin, a line less indented than its marker, a former spelling) is returned as a message.
    static func mirrors(in source: String, file: String) -> (mirrors: [SnippetMirror], problems: [String]) {
        var mirrors: [SnippetMirror] = []
        var problems: [String] = []
        var open: [(label: String, indentation: String, location: String)] = []
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            let line = SourceLine(file: file, number: index + 1, text: text)
            let trimmed = text.drop { $0 == " " }
            if trimmed == endMarker {
                if open.popLast() == nil {
                    problems.append("\(line.location): `\(endMarker)` closes no `\(beginMarker)`")
                }
            } else if trimmed.hasPrefix(beginMarker) {
                let label = trimmed.dropFirst(beginMarker.count).trimmingSpaces()
                open.append((label, String(text.prefix(text.count - trimmed.count)), line.location))
                if !mirrors.contains(where: { $0.label == label }) {
                    mirrors.append(SnippetMirror(label: label, lines: []))
                }
            } else if let former = formerMarkers.first(where: { trimmed.hasPrefix($0) }) {
                problems.append("\(line.location): `\(former)` is the former spelling; write `\(former.hasSuffix("end") ? endMarker : beginMarker)`")
            } else {
                for region in open {
                    if text.isEmpty || text.hasPrefix(region.indentation) {
                        let stripped = text.isEmpty ? "" : String(text.dropFirst(region.indentation.count))
                        let index = mirrors.lastIndex { $0.label == region.label }!
                        mirrors[index].lines.append(SourceLine(file: file, number: line.number, text: stripped))
                    } else {
                        problems.append("\(line.location): less indented than its `\(beginMarker) \(region.label)` marker")
                    }
                }
            }
        }
        for region in open {
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
