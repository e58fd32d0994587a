#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import Tracking
import TestSupport
import XCTest

/// Runs the demo's scripted session with a manual tracking clock, delivering to a loopback collector in
/// the test process, and checks that it records exactly what the README promises, every time.
final class DemoSessionTests: HeadlessTestCase {
    func testSessionRecordsExactlyTheExpectedScreenViewsInOrderAndNoScanDuringTheDrag() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start()
            defer { run.finish() }

            XCTAssertEqual(run.sink.events.filter { $0.kind == .screenView }.map(DemoSessionRun.label), [
                "login",
                "feed",
                "post_detail#post-6",
                "feed",
                "profile#user-1",
                "edit_profile#user-1",
                "profile#user-1",
                "settings",
                "settings",
                "login",
                "forgot_password",
            ])
            // The drag held the run loop in tracking mode: the scheduler's ticks waited, no scan ran.
            XCTAssertEqual(run.driver.scansDuringDrags, [0])
            XCTAssertEqual(run.scanModes.filter { $0 == .tracking }.count, 0)
        }
    }

    func testSessionRecordsExactlyTheExpectedImpressionsAtEachStep() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start()
            defer { run.finish() }

            let cards = { (posts: ClosedRange<Int>) in Set(posts.map { "feed_cell#post-\($0) on feed" }) }
            XCTAssertEqual(run.impressionsByStep, [
                ["login_button on login"],
                cards(0...3),
                cards(5...8),
                ["like_button#post-6 on post_detail#post-6"],
                [],
                cards(5...8),
                ["avatar#user-1 on profile#user-1"],
                ["save_button on edit_profile#user-1"],
                [],
                ["avatar#user-1 on profile#user-1", "share_banner#user-1 on profile#user-1"],
                ["logout_button on settings"],
                ["logout_button on settings"],
                ["login_button on login"],
                ["support_button on forgot_password"],
                [],
                [],
                [],
            ])
            XCTAssertEqual(run.sink.events.filter { $0.kind == .impression }.count, 22)
        }
    }

    func testReportPicturesOnlyScansWithEventsOrAChangedVisibleSet() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start()
            defer { run.finish() }

            // Per step: the scan that first sees the new state (with the end of the screen it replaces), then
            // the one that counts its impressions; the rage-tap and screenshot steps change nothing visible (the
            // banner appears under the sheet); step 14's first scan sees forgot_password, the background having
            // ended login.
            XCTAssertEqual(run.report.pictures.map(\.events.count), [
                1, 1, 2, 4, 0, 4, 2, 1, 2, 4, 2, 1, 2, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
            ])
            // The dead-tap and SwiftUI steps (16, 17) change nothing visible and scan no event (taps are recorded
            // outside scans), so neither is pictured.
            XCTAssertEqual(run.report.pictures.map { $0.step?.number ?? 0 }, [
                1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 7, 7, 8, 8, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14,
            ])
            XCTAssertEqual(run.report.pictures[6].visibleScreens, ["post_detail#post-6"])

            // While the sheet is up, the tracker's verdicts say why the profile no longer counts.
            let sheetPicture = try XCTUnwrap(run.report.pictures.last { $0.step?.number == 8 })
            let verdicts = Dictionary(uniqueKeysWithValues: sheetPicture.tracked.map { (Self.name(of: $0), $0.verdict) })
            XCTAssertEqual(verdicts, [
                "profile#user-1": .occluded,
                "avatar#user-1": .occluded,
                "share_banner#user-1": .hidden,
                "edit_profile#user-1": .visible,
                "save_button": .visible,
            ])

            let html = ScanReportHTML(title: "t", summary: "s", pictures: run.report.pictures).render()
            XCTAssertEqual(html.components(separatedBy: "<svg xmlns=").count - 1, 24)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
            XCTAssertTrue(html.contains("occluded by an opaque view in front"))
        }
    }

    func testTheReportDrawsEachScreensTapsRageTapsAndDeadTapsWhereTheyLanded() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start()
            defer { run.finish() }

            let heatmaps = run.report.heatmaps
            XCTAssertEqual(heatmaps.map { "\($0.screen): \($0.count(of: .tap)) \($0.count(of: .rageTap)) \($0.count(of: .deadTap))" }, [
                "login: 1 0 0", "feed: 1 0 0", "post_detail#post-6: 4 1 0", "edit_profile#user-1: 1 0 0", "settings: 1 0 0",
                "forgot_password: 1 0 1",
            ])
            let forgotPassword = try XCTUnwrap(heatmaps.last)
            XCTAssertEqual(forgotPassword.marks.map(\.point), [CGPoint(x: 195, y: 508), CGPoint(x: 195, y: 508)])
            XCTAssertTrue(forgotPassword.views.contains { $0.text == "Contact support" }, "the screen as it was tapped")

            var page = ScanReportHTML(title: "t", summary: "s", pictures: [])
            page.heatmaps = heatmaps
            let html = page.render()
            XCTAssertTrue(html.contains("<h2>Taps by screen</h2>"))
            XCTAssertEqual(html.components(separatedBy: "<figure class=\"heatmap\">").count - 1, 6)
            XCTAssertTrue(html.contains("<b>post_detail#post-6</b>: 4 taps, 1 rage, 0 dead"))
            XCTAssertTrue(html.contains("<title>rage_tap like_button#post-6 at (195.0, 348.0)</title>"))
            XCTAssertTrue(html.contains("<title>dead_tap support_button at (195.0, 508.0)</title>"))
            XCTAssertFalse(ScanReportHTML(title: "t", summary: "s", pictures: []).render().contains("Taps by screen"))
        }
    }

    func testStep14TimesTheLoginScreenBothWaysAcrossTheBackground() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start()
            defer { run.finish() }

            // Login was in front for one dwell (0.4 s); the appearance timer also counts the 2 s in the background.
            XCTAssertEqual(run.screenTimeComparison, ScreenTimeComparison(
                screen: "login", visibleMilliseconds: [400], appearedMilliseconds: 2400
            ))
            XCTAssertEqual(run.screenTimeComparison?.description,
                           "login: Screen Ended visible_ms 400 (1 span); viewDidAppear→viewDidDisappear 2400 ms")
            let ends = run.sink.events.filter { $0.kind == .screenEnded }.map { "\(DemoSessionRun.label($0)) \(Int((($0.visibleDuration ?? -1) * 1000).rounded()))" }
            // forgot_password: the dwells of the forgot-password, deep-link, dead-tap (after its 0.6 s wait) and
            // SwiftUI steps, ended by the stop.
            XCTAssertEqual(ends.suffix(2), ["login 400", "forgot_password 2200"])
        }
    }

    // MARK: - Private

    private static func name(of entry: VisibilityReport.Entry) -> String {
        switch entry.subject {
        case .element(let element): element.identifier.map { "\(element.elementType)#\($0)" } ?? element.elementType.rawValue
        case .screen(let screen): DemoSessionRun.label(screen)
        }
    }
}
