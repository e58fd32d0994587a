import Foundation
import XCTest

/// The README's test command is what CI runs: the `swift test …` line of the README's first ```` ```sh ```` block
/// (its comment taken off) equals `.ci/run`'s `readme_test_command`, and it turns Swift Testing off, so the run's
/// last summary is XCTest's total.
final class ReadmeCommandTests: XCTestCase {
    func testTheReadmesTestCommandIsTheOneCIRunsAndEndsWithXCTestsTotal() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)

        let readmeCommand = try XCTUnwrap(Self.firstShellBlock(in: readme)?.first { $0.hasPrefix("swift test") }, "README.md's first ```sh block has no `swift test` line")
            .components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
        let ciLine = try XCTUnwrap(ci.split(separator: "\n").first { $0.hasPrefix("readme_test_command=") }, ".ci/run sets no readme_test_command")
        let ciCommand = ciLine.dropFirst("readme_test_command=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))

        XCTAssertEqual(readmeCommand, ciCommand)
        XCTAssertEqual(readmeCommand, "swift test --disable-swift-testing")
        XCTAssertTrue(ci.contains("$readme_test_command 2>&1"), ".ci/run no longer runs readme_test_command")
    }

    /// The lines of the first ```` ```sh ```` block of `markdown`, or `nil` when it has none.
    private static func firstShellBlock(in markdown: String) -> [String]? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "```sh"), let end = lines[(start + 1)...].firstIndex(of: "```") else { return nil }
        return Array(lines[(start + 1)..<end])
    }
}
