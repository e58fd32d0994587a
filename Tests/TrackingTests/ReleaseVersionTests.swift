import Foundation
import Tracking
import XCTest

/// The version the library reports, the README's installation snippet, the release procedure (DocC's "Versions and
/// releases") and the changelog agree.
final class ReleaseVersionTests: XCTestCase {
    func testReadmeAndChangelogNameTheVersionTheLibraryReports() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let releases = try String(contentsOf: root.appendingPathComponent("Sources/Tracking/Tracking.docc/VersionsAndReleases.md"), encoding: .utf8)
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let version = TrackingContext.sightlineLibrary.version

        XCTAssert(readme.contains(#"from: "\#(version)")"#), "README's installation snippet names another version than \(version)")
        XCTAssert(releases.contains("git tag \(version)"), "the release procedure (VersionsAndReleases.md) tags another version than \(version)")
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
        XCTAssertEqual(headings.first, "## [Unreleased]", "Keep a Changelog: [Unreleased] comes first")
        XCTAssert(changelog.contains("## [\(version)]") || changelog.contains("released as \(version)"),
                  "CHANGELOG.md neither lists \(version) nor announces it as the next release")
    }
}
