import Foundation
import TestSupport
import XCTest
@testable import DemoApp
import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The demo with `--exposure`: the feed's posts report their time on screen, `Screen Ended` its scroll depth,
/// and the report charts the time on each post with that depth marked.
final class DemoEngagementTests: HeadlessTestCase {
    func testTheFeedsExposuresAndScrollDepthReachTheReportsChart() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start(exposure: true)
            defer { run.finish() }

            let feedEnds = run.sink.events.filter { $0.kind == .screenEnded && $0.screen?.screenName == .feed }
            // Five 200-point rows down in a 844-point-high feed of 20 rows, and the same after coming back to it.
            XCTAssertEqual(feedEnds.map(\.scrollDepth), [1844.0 / 4000, 1844.0 / 4000])

            XCTAssertEqual(feedEnds.map(\.elementsViewed), [8, 4])
            let exposures = run.sink.events.filter { $0.kind == .exposure && $0.screen?.screenName == .feed }
            // Post 4 was only scrolled past: never an impression, so no exposure. Each state lasts the session's dwell.
            XCTAssertEqual(exposures.map { "\($0.identifier ?? "-") \(Int((($0.visibleDuration ?? 0) * 1000).rounded()))" }, [
                "post-0 400", "post-1 400", "post-2 400", "post-3 400", "post-5 400", "post-6 400", "post-7 400", "post-8 400",
                "post-5 400", "post-6 400", "post-7 400", "post-8 400",
            ])
            XCTAssertEqual(run.diagnostics.all, [])

            var page = ScanReportHTML(title: "t", summary: "s", pictures: run.report.pictures)
            page.feedPostCount = 20
            let html = page.render()
            XCTAssertTrue(html.contains("<h2>Time on each post</h2>"))
            XCTAssertEqual(html.components(separatedBy: "fill=\"#2563eb\"").count - 1, 8, "a bar per post")
            XCTAssertTrue(html.contains(">800 ms</text>"), "posts 5 to 8 were seen twice")
            XCTAssertTrue(html.contains("stroke-dasharray=\"6 4\""))
            XCTAssertFalse(ScanReportHTML(title: "t", summary: "s", pictures: []).render().contains("Time on each post"))
        }
    }
}
