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
                [],
                [],
            ])
            XCTAssertEqual(run.sink.events.filter { $0.kind == .impression }.count, 21)
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
                1, 1, 2, 4, 0, 4, 2, 1, 2, 4, 2, 1, 2, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1,
            ])
            XCTAssertEqual(run.report.pictures.map { $0.step?.number ?? 0 }, [
                1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 7, 7, 8, 8, 10, 10, 11, 11, 12, 12, 13, 13, 14,
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
            XCTAssertEqual(html.components(separatedBy: "<svg xmlns=").count - 1, 23)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
            XCTAssertTrue(html.contains("occluded by an opaque view in front"))
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
            // forgot_password: the forgot-password step's dwell and the deep-link step's, ended by the stop.
            XCTAssertEqual(ends.suffix(2), ["login 400", "forgot_password 800"])
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
