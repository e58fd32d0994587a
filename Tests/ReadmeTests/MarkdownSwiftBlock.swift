/// A fenced ```` ```swift ```` block of README.md or of a DocC article, without its fences.
///
/// The rule for what must compile: every ```` ```swift ```` block does, except a manifest fragment, a block whose
/// first line is `// Package.swift` (it belongs in a client's `Package.swift`, not in a target). Blocks fenced
/// as anything else (`sh`, plain) are not Swift and are not checked.
struct MarkdownSwiftBlock {
    /// The block's lines, from the line after the opening fence to the line before the closing one.
    var lines: [SourceLine]

    /// Whether the rule above exempts this block from compiling.
    var isManifestFragment: Bool { lines.first?.text == "// Package.swift" }

    /// Every ```` ```swift ```` block of `markdown`, in order; `file` names it in locations.
    static func blocks(in markdown: String, file: String) -> [MarkdownSwiftBlock] {
        var blocks: [MarkdownSwiftBlock] = []
        var current: [SourceLine]?
        for (index, text) in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if current == nil {
                if text == "```swift" { current = [] }
            } else if text == "```" {
                blocks.append(MarkdownSwiftBlock(lines: current ?? []))
                current = nil
            } else {
                current?.append(SourceLine(file: file, number: index + 1, text: text))
            }
        }
        return blocks
    }
}
