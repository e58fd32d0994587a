import XCTest

/// How README blocks and their mirrors are read: the rules ``ReadmeSnippetTests`` relies on.
final class SnippetParsingTests: XCTestCase {
    func testSwiftBlocksAreReadWithTheirLineNumbersAndManifestFragmentsAreMarked() {
        let markdown = "# Title\n```swift\nlet a = 1\n\nlet b = 2\n```\n```sh\nswift test\n```\n```swift\n// Package.swift\ndependencies: []\n```\n"
        let blocks = ReadmeSwiftBlock.blocks(in: markdown, file: "README.md")
        XCTAssertEqual(blocks.map { $0.lines.map(\.text) }, [["let a = 1", "", "let b = 2"], ["// Package.swift", "dependencies: []"]])
        XCTAssertEqual(blocks.first?.lines.first?.location, "README.md:3")
        XCTAssertEqual(blocks.map(\.isManifestFragment), [false, true])
    }

    func testAMirrorLosesItsMarkersIndentationAndJoinsItsPartsInFileOrder() {
        let source = """
        // README snippet: events
        extension TrackingEventName {
            static let orderCompleted: Self = "order_completed"
        }

        // README snippet end
        func record(with tracker: Tracker) {
            // README snippet: events
            tracker.track(.orderCompleted)
            // README snippet end
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
        let source = "    // README snippet: a\n    let a = 1\n  let b = 2\n    // README snippet end\n// README snippet: b\nlet c = 3\n"
        let found = SnippetMirror.mirrors(in: source, file: "F.swift")
        XCTAssertEqual(found.problems, [
            "F.swift:3: less indented than its `// README snippet: a` marker",
            "F.swift:5: `// README snippet: b` has no `// README snippet end`",
        ])
    }
}
