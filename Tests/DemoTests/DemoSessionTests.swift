#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import DemoApp
import Foundation
import Tracking
import XCTest

/// Runs the demo's scripted session with a manual tracking clock and checks that it records exactly what the
/// README promises, every time.
final class DemoSessionTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { Headless.reset() }
    }

    func testSessionRecordsExactlyTheExpectedScreenViewsInOrderAndNoScanDuringTheDrag() throws {
        try MainActor.assumeIsolated {
            let run = try Self.runSession()

            XCTAssertEqual(run.sink.events.filter { $0.kind == .screenView }.map(Self.label), [
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
            ])
            // The drag held the run loop in tracking mode: the scheduler's ticks waited, no scan ran.
            XCTAssertEqual(run.driver.scansDuringDrags, [0])
            XCTAssertEqual(run.scanModes.filter { $0 == .tracking }.count, 0)
        }
    }

    func testSessionRecordsExactlyTheExpectedImpressionsAtEachStep() throws {
        try MainActor.assumeIsolated {
            let run = try Self.runSession()

            let cards = { (posts: ClosedRange<Int>) in Set(posts.map { "feed_cell#post-\($0) on feed" }) }
            XCTAssertEqual(run.impressionsByStep, [
                ["login_button on login"],
                cards(0...3),
                cards(5...8),
                ["like_button#post-6 on post_detail#post-6"],
                cards(5...8),
                ["avatar#user-1 on profile#user-1"],
                ["save_button on edit_profile#user-1"],
                [],
                ["avatar#user-1 on profile#user-1", "share_banner#user-1 on profile#user-1"],
                ["logout_button on settings"],
                ["logout_button on settings"],
                ["login_button on login"],
            ])
            XCTAssertEqual(run.sink.events.filter { $0.kind == .impression }.count, 21)
        }
    }

    func testReportPicturesOnlyScansWithEventsOrAChangedVisibleSet() throws {
        try MainActor.assumeIsolated {
            let run = try Self.runSession()

            // Per step: the scan that first sees the new state, then the one that counts its impressions; the
            // screenshot step changes nothing visible (the banner appears under the sheet).
            XCTAssertEqual(run.report.pictures.map(\.events.count), [
                1, 1, 1, 4, 0, 4, 1, 1, 1, 4, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1,
            ])
            XCTAssertEqual(run.report.pictures.map { $0.step?.number ?? 0 }, [
                1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 9, 9, 10, 10, 11, 11, 12, 12,
            ])
            XCTAssertEqual(run.report.pictures[6].visibleScreens, ["post_detail#post-6"])

            // While the sheet is up, the tracker's verdicts say why the profile no longer counts.
            let sheetPicture = try XCTUnwrap(run.report.pictures.last { $0.step?.number == 7 })
            let verdicts = Dictionary(uniqueKeysWithValues: sheetPicture.tracked.map { (Self.name(of: $0), $0.verdict) })
            XCTAssertEqual(verdicts, [
                "profile#user-1": .occluded,
                "avatar#user-1": .occluded,
                "share_banner#user-1": .hidden,
                "edit_profile#user-1": .visible,
                "save_button": .visible,
            ])

            let html = ScanReportHTML(title: "t", summary: "s", pictures: run.report.pictures).render()
            XCTAssertEqual(html.components(separatedBy: "<svg xmlns=").count - 1, 22)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
            XCTAssertTrue(html.contains("occluded by an opaque view in front"))
        }
    }

    // MARK: - Private

    @MainActor
    private struct SessionRun {
        let sink: InMemoryTrackingSink
        let driver: ManualClockSessionDriver
        let report: ScanReport
        let impressionsByStep: [Set<String>]
        let scanModes: [RunLoop.Mode?]
    }

    @MainActor
    private static func runSession() throws -> SessionRun {
        let clock = ManualTrackingClock()
        var configuration = TrackingConfiguration()
        configuration.clock = clock
        configuration.storageDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("DemoSessionTests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        configuration.scansPerSecond = 10
        configuration.minimumVisibleDuration = 0.3
        let sink = InMemoryTrackingSink()
        let app = SampleApp(windowScene: Headless.windowScene, trackingConfiguration: configuration, sinks: [sink])
        let driver = ManualClockSessionDriver(clock: clock)
        driver.tracker = app.tracker
        let report = ScanReport(window: app.window, tracker: app.tracker, startDate: clock.now().date)
        var scanModes: [RunLoop.Mode?] = []
        app.tracker.scanObserver = { summary in
            scanModes.append(RunLoop.current.currentMode)
            report.record(summary)
        }
        var impressionsByStep: [Set<String>] = []
        var eventsBeforeStep = 0
        let session = DemoSession(app: app, driver: driver, dwell: 0.4)
        session.onStep = { step in
            if step.number > 1 {
                impressionsByStep.append(Self.impressions(in: sink.events.dropFirst(eventsBeforeStep)))
            }
            eventsBeforeStep = sink.events.count
            report.currentStep = step
        }
        defer { app.tracker.stop() }

        try session.run()
        impressionsByStep.append(Self.impressions(in: sink.events.dropFirst(eventsBeforeStep)))
        return SessionRun(sink: sink, driver: driver, report: report, impressionsByStep: impressionsByStep, scanModes: scanModes)
    }

    private static func impressions(in events: ArraySlice<TrackingEvent>) -> Set<String> {
        Set(events.filter { $0.kind == .impression }.map { "\(label($0)) on \($0.screen.map(label) ?? "-")" })
    }

    private static func label(_ event: TrackingEvent) -> String {
        event.identifier.map { "\(event.name)#\($0)" } ?? event.name
    }

    private static func label(_ screen: TrackingScreen) -> String {
        screen.identifier.map { "\(screen.screenName)#\($0)" } ?? screen.screenName.rawValue
    }

    private static func name(of entry: VisibilityReport.Entry) -> String {
        switch entry.subject {
        case .element(let element): element.identifier.map { "\(element.elementType)#\($0)" } ?? element.elementType.rawValue
        case .screen(let screen): label(screen)
        }
    }
}
