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

/// The demo's scripted session with the tracker's debug overlay on: it records exactly what the session
/// records with it off, and the report pictures the overlay a QA engineer would see.
final class DemoOverlayTests: HeadlessTestCase {
    func testTheSessionRecordsAndDeliversTheSameEventsWithTheOverlayOnAndOff() throws {
        try MainActor.assumeIsolated {
            let off = try DemoSessionRun.start(overlay: false)
            let offEvents = off.sink.events.map(Self.fingerprint)
            let offDelivered = try Self.deliveredNames(off)
            off.finish()
            XCTAssertTrue(off.report.pictures.allSatisfy(\.overlay.isEmpty))

            Headless.reset()
            let on = try DemoSessionRun.start(overlay: true)
            defer { on.finish() }
            XCTAssertEqual(on.sink.events.map(Self.fingerprint), offEvents)
            XCTAssertEqual(offEvents.count, 66)
            XCTAssertEqual(offDelivered.count, 66)
            XCTAssertEqual(try Self.deliveredNames(on), offDelivered)
            XCTAssertEqual(on.driver.scansDuringDrags, [0])
            XCTAssertEqual(on.report.pictures.map(\.events.count), off.report.pictures.map(\.events.count))
        }
    }

    func testTheReportPicturesTheOverlaysOutlinesAndBadgeForEachScan() throws {
        try MainActor.assumeIsolated {
            let run = try DemoSessionRun.start(overlay: true)
            defer { run.finish() }
            XCTAssertEqual(run.report.pictures.count, 24)
            XCTAssertTrue(run.report.pictures.allSatisfy { !$0.overlay.isEmpty })

            // Under the sheet: the avatar outlined as occluded, attributed to the profile; the save button
            // counted; the badge names the sheet's screen.
            let sheet = try XCTUnwrap(run.report.pictures.last { $0.step?.number == 8 })
            let texts = sheet.overlay.compactMap(\.text)
            XCTAssertTrue(texts.contains("avatar#user-1 occluded 0 % → profile#user-1"), "\(texts)")
            XCTAssertTrue(texts.contains("save_button ✓"), "\(texts)")
            let badge = try XCTUnwrap(texts.first { $0.hasPrefix("Sightline · ") })
            XCTAssertTrue(badge.contains("\nscreen: edit_profile#user-1\n"), badge)
            XCTAssertTrue(badge.contains(" delivered\nqueue: "), badge)

            // Each outline is the verdict's frame from the same scan's visibility report.
            let avatar = try XCTUnwrap(sheet.tracked.first { entry in
                if case .element(let element) = entry.subject { return element.elementType == "avatar" }
                return false
            })
            let outline = try XCTUnwrap(sheet.overlay.first { $0.frame == avatar.frame && $0.borderWidth == 2 })
            XCTAssertEqual(outline.border, [1, 0.58, 0, 1])

            // Once the first upload came back, the badge says how it went.
            let last = try XCTUnwrap(run.report.pictures.last?.overlay.compactMap(\.text).first { $0.hasPrefix("Sightline · ") })
            XCTAssertTrue(last.hasSuffix("upload: HTTP 200"), last)

            let html = ScanReportHTML(title: "t", summary: "s", pictures: run.report.pictures).render()
            XCTAssertEqual(html.components(separatedBy: "<figure class=\"overlay\">").count - 1, 24)
            XCTAssertTrue(html.contains("<tspan x=\"") && html.contains("save_button ✓</tspan>"))
        }
    }

    // MARK: - Private

    /// Everything about an event but its random id and the run's anonymous id and session.
    private nonisolated static func fingerprint(_ event: TrackingEvent) -> String {
        "\(event.kind.rawValue) \(DemoSessionRun.label(event)) @\(event.screen.map(DemoSessionRun.label) ?? "-") "
            + "\(event.visibleRatio) t=\(event.timestamp.timeIntervalSince1970) user=\(event.identity?.userID ?? "-")"
    }

    /// The messages the collector received, as `type name`, in order.
    @MainActor
    private static func deliveredNames(_ run: DemoSessionRun) throws -> [String] {
        var names: [String] = []
        for request in run.collector.requests {
            let body = try XCTUnwrap(request.jsonBody as? [String: Any])
            for message in try XCTUnwrap(body["batch"] as? [[String: Any]]) {
                let type = message["type"] as? String ?? "?"
                names.append("\(type) \(message["event"] as? String ?? message["name"] as? String ?? "-")")
            }
        }
        return names
    }
}
