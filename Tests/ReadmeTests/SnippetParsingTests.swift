import XCTest

/// How documentation blocks and their mirrors are read: the rules ``ReadmeSnippetTests`` relies on.
final class SnippetParsingTests: XCTestCase {
    func testSwiftBlocksAreReadWithTheirLineNumbersAndManifestFragmentsAreMarked() {
        let markdown = "# Title\n```swift\nlet a = 1\n\nlet b = 2\n```\n```sh\nswift test\n```\n```swift\n// Package.swift\ndependencies: []\n```\n"
        let blocks = MarkdownSwiftBlock.blocks(in: markdown, file: "README.md")
        XCTAssertEqual(blocks.map { $0.lines.map(\.text) }, [["let a = 1", "", "let b = 2"], ["// Package.swift", "dependencies: []"]])
        XCTAssertEqual(blocks.first?.lines.first?.location, "README.md:3")
        XCTAssertEqual(blocks.map(\.isManifestFragment), [false, true])
    }

    func testAMirrorLosesItsMarkersIndentationAndJoinsItsPartsInFileOrder() {
        let source = """
        // Snippet: events
        extension TrackingEventName {
            static let orderCompleted: Self = "order_completed"
        }

        // Snippet end
        func record(with tracker: Tracker) {
            // Snippet: events
            tracker.track(.orderCompleted)
            // Snippet end
        }
        """
        let found = SnippetMirror.mirrors(in: source, file: "Events.swift")
        XCTAssertEqual(found.problems, [])
        XCTAssertEqual(found.mirrors.map(\.label), ["events"])
        XCTAssertEqual(found.mirrors.first?.lines.map(\.text), [
            "extension TrackingEventName {",
            "    static let orderCompleted: Self = \"order_completed\"",
            "}",
            "",
            "tracker.track(.orderCompleted)",
        ])
        XCTAssertEqual(found.mirrors.first?.lines.map(\.number), [2, 3, 4, 5, 9])
    }

    func testALineLessIndentedThanItsMarkerAndAnUnclosedRegionAreReported() {
        let source = "    // Snippet: a\n    let a = 1\n  let b = 2\n    // Snippet end\n// Snippet: b\nlet c = 3\n"
        let found = SnippetMirror.mirrors(in: source, file: "F.swift")
        XCTAssertEqual(found.problems, [
            "F.swift:3: less indented than its `// Snippet: a` marker",
            "F.swift:5: `// Snippet: b` has no `// Snippet end`",
        ])
    }

    func testANestedRegionMirrorsItsLinesInItsOwnMirrorTooAndMarkerLinesInNone() {
        let source = """
        // Snippet: whole-test
        func testTap() {
            setUp()
            // Snippet: excerpt
            tap()
            check()
            // Snippet end
            tearDown()
        }
        // Snippet end
        """
        let found = SnippetMirror.mirrors(in: source, file: "T.swift")
        XCTAssertEqual(found.problems, [])
        XCTAssertEqual(found.mirrors.map(\.label), ["whole-test", "excerpt"])
        XCTAssertEqual(found.mirrors.first?.lines.map(\.text), ["func testTap() {", "    setUp()", "    tap()", "    check()", "    tearDown()", "}"])
        XCTAssertEqual(found.mirrors.last?.lines.map(\.text), ["tap()", "check()"])
        XCTAssertEqual(found.mirrors.last?.lines.map(\.number), [5, 6])
    }

    func testAnEndWithoutABeginAndTheFormerSpellingAreReported() {
        let source = "// Snippet end\n// README snippet: old\nlet a = 1\n// README snippet end\n"
        let found = SnippetMirror.mirrors(in: source, file: "G.swift")
        XCTAssertEqual(found.problems, [
            "G.swift:1: `// Snippet end` closes no `// Snippet:`",
            "G.swift:2: `// README snippet:` is the former spelling; write `// Snippet:`",
            "G.swift:4: `// README snippet end` is the former spelling; write `// Snippet end`",
        ])
        XCTAssertEqual(found.mirrors.count, 0)
    }
}
