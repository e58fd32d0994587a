import Foundation
import XCTest

/// Keeps the documentation's Swift compiling: every ```` ```swift ```` block of README.md and of every DocC
/// article (`Sources/*/*.docc/**/*.md`), but manifest fragments (see ``MarkdownSwiftBlock``), must appear verbatim
/// as a ``SnippetMirror`` in a Swift file of the client package `Examples/QuickStart`, which CI builds and tests on
/// Linux and type-checks against the iOS SDK (`.ci/typecheck-snippets`); and every mirror there must still be a
/// block. One mirror serves every block with exactly its lines (an article may repeat a README block).
final class ReadmeSnippetTests: XCTestCase {
    /// The directory whose Swift files hold the mirrors, relative to the package root.
    static let mirrorDirectory = "Examples/QuickStart"

    func testEverySwiftBlockOfTheReadmeAndTheDocCArticlesIsMirroredVerbatimInTheQuickStartPackage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var blocks: [MarkdownSwiftBlock] = []
        for document in try ["README.md"] + Self.articles(root: root) {
            let markdown = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            blocks += MarkdownSwiftBlock.blocks(in: markdown, file: document).filter { !$0.isManifestFragment }
        }
        var mirrors: [SnippetMirror] = []
        for file in try Self.files(under: root.appendingPathComponent(Self.mirrorDirectory), root: root, where: { $0.pathExtension == "swift" && $0.lastPathComponent != "Package.swift" }) {
            let found = SnippetMirror.mirrors(in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
            found.problems.forEach { XCTFail($0) }
            mirrors += found.mirrors
        }
        XCTAssertGreaterThanOrEqual(blocks.filter { $0.lines.first?.file == "README.md" }.count, 8, "README.md lost its Swift blocks, or this test reads the wrong file")
        XCTAssertGreaterThanOrEqual(blocks.filter { $0.lines.first?.file.contains(".docc/") == true }.count, 10, "the DocC articles lost their Swift blocks, or this test reads the wrong files")
        XCTAssertGreaterThanOrEqual(mirrors.count, 8, "no mirrors found under \(Self.mirrorDirectory)")

        var used = Set<String>()
        var unmatchedBlocks: [MarkdownSwiftBlock] = []
        for block in blocks {
            if let mirror = mirrors.first(where: { $0.lines.map(\.text) == block.lines.map(\.text) }) {
                used.insert(mirror.label)
            } else {
                unmatchedBlocks.append(block)
            }
        }
        let unused = mirrors.filter { !used.contains($0.label) }
        var named: Set<String> = []
        for block in unmatchedBlocks {
            let closest = unused.filter { Self.likeness(block, $0).shared > 0 }.max { Self.likeness(block, $0) < Self.likeness(block, $1) }
            if let closest { named.insert(closest.label) }
            XCTFail(Self.message(for: block, closest: closest))
        }
        for mirror in unused where !named.contains(mirror.label) {
            XCTFail("\(mirror.lines.first?.location ?? mirror.label): mirror `\(mirror.label)` is no block of README.md or of a DocC article (any more): remove it, or restore the block")
        }
    }

    // MARK: - Helpers

    /// How close a mirror is to a block: its lines with some substance (more than a brace or two) that the
    /// block has too, then its lines equal to the block's from the start. A mirror sharing no such line is
    /// another snippet, not an edited copy of this one.
    private static func likeness(_ block: MarkdownSwiftBlock, _ mirror: SnippetMirror) -> (shared: Int, prefix: Int) {
        let substantial = { (lines: [SourceLine]) in Set(lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.filter { $0.count > 3 }) }
        let shared = substantial(block.lines).intersection(substantial(mirror.lines)).count
        let prefix = zip(block.lines, mirror.lines).prefix { $0.text == $1.text }.count
        return (shared, prefix)
    }

    private static func message(for block: MarkdownSwiftBlock, closest: SnippetMirror?) -> String {
        let start = block.lines.first?.location ?? "(an empty block)"
        var message = "\(start): this ```swift block is mirrored verbatim nowhere under \(mirrorDirectory). "
            + "Put it between `\(SnippetMirror.beginMarker) <label>` and `\(SnippetMirror.endMarker)` in a compiled Swift file there "
            + "(wrapping outside the markers), or mark it as a manifest fragment (first line `// Package.swift`)."
        guard let closest else { return message + "\nNo mirror shares a line with it: a new block." }
        let index = zip(block.lines, closest.lines).prefix { $0.text == $1.text }.count
        let blockLine = index < block.lines.count ? "\(block.lines[index].location): \(block.lines[index].text)" : "(the block ends)"
        let mirrorLine = index < closest.lines.count ? "\(closest.lines[index].location): \(closest.lines[index].text)" : "(the mirror ends)"
        message += "\nClosest mirror: `\(closest.label)`; first difference at line \(index + 1) of the block:"
            + "\n  block:  \(blockLine)\n  mirror: \(mirrorLine)"
        return message
    }

    /// The DocC articles: every Markdown file in a `.docc` catalog under `Sources`, relative to `root`, sorted.
    private static func articles(root: URL) throws -> [String] {
        try files(under: root.appendingPathComponent("Sources"), root: root) {
            $0.pathExtension == "md" && $0.pathComponents.contains { $0.hasSuffix(".docc") }
        }
    }

    /// The files under `directory` (build products excluded) that `include` accepts, as paths relative to
    /// `root`, sorted.
    private static func files(under directory: URL, root: URL, where include: (URL) -> Bool) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        var files: [String] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".build" || url.lastPathComponent == ".swiftpm" {
                enumerator.skipDescendants()
            } else if include(url) {
                files.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        return files.sorted()
    }
}
