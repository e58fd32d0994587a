import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// `Tracker.visibilityReport()`: one verdict per tracked view and screen, with window-space frames.
final class VisibilityReportTests: HeadlessTestCase {
    func testReportExplainsEveryTrackedViewInAWindow() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.makeKeyAndVisible()
            let screen = UIViewController()
            screen.trackingScreen = TrackingScreen(screenName: "home")
            window.rootViewController = screen
            let root = screen.view!

            @MainActor func add(_ id: String, _ frame: CGRect, to parent: UIView? = nil) -> UIView {
                let view = UIView(frame: frame)
                view.trackingElement = TrackingElement(elementType: "box", identifier: id)
                (parent ?? root).addSubview(view)
                return view
            }
            _ = add("visible", CGRect(x: 10, y: 10, width: 100, height: 100))
            add("hidden", CGRect(x: 10, y: 120, width: 100, height: 100)).isHidden = true
            add("transparent", CGRect(x: 10, y: 230, width: 100, height: 100)).alpha = 0.001
            _ = add("zero", CGRect(x: 10, y: 340, width: 0, height: 100))
            _ = add("offscreen", CGRect(x: 500, y: 10, width: 100, height: 100))
            _ = add("below", CGRect(x: 360, y: 10, width: 100, height: 100))
            _ = add("occluded", CGRect(x: 200, y: 200, width: 100, height: 100))
            let clipper = UIView(frame: CGRect(x: 200, y: 400, width: 50, height: 50))
            clipper.clipsToBounds = true
            root.addSubview(clipper)
            _ = add("clipped", CGRect(x: 100, y: 0, width: 20, height: 20), to: clipper)
            add("nan", CGRect(x: 0, y: 0, width: 10, height: 10)).frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            let cover = UIView(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
            cover.backgroundColor = UIColor(white: 0, alpha: 1)
            root.addSubview(cover)

            let back = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            let inHiddenWindow = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            inHiddenWindow.trackingElement = TrackingElement(elementType: "box", identifier: "hidden-window")
            back.addSubview(inHiddenWindow)

            let tracker = Tracker(configuration: .testing(clock: ManualTrackingClock(), log: DiagnosticLog()), sinks: [])
            let report = tracker.visibilityReport()
            var verdicts: [String: VisibilityReport.Verdict] = [:]
            var frames: [String: CGRect] = [:]
            for entry in report.entries {
                switch entry.subject {
                case .element(let element):
                    verdicts[element.identifier!] = entry.verdict
                    frames[element.identifier!] = entry.frame
                    if entry.windowIndex != nil { XCTAssertEqual(entry.screen?.screenName, "home") }
                case .screen(let screen):
                    verdicts["screen:" + screen.screenName.rawValue] = entry.verdict
                }
            }
            XCTAssertEqual(verdicts, [
                "screen:home": .visible, "visible": .visible, "hidden": .hidden, "transparent": .transparent,
                "zero": .zeroArea, "offscreen": .clippedOrOffscreen, "below": .belowThreshold,
                "occluded": .occluded, "clipped": .clippedOrOffscreen, "nan": .invalidGeometry,
                "hidden-window": .notInVisibleWindow,
            ])
            XCTAssertEqual(frames["visible"], CGRect(x: 10, y: 10, width: 100, height: 100))
            XCTAssertEqual(frames["clipped"], CGRect(x: 300, y: 400, width: 20, height: 20))
            XCTAssertEqual(report.windowFrames, [CGRect(x: 0, y: 0, width: 400, height: 800)])
            let below = report.entries.first { $0.subject == .element(TrackingElement(elementType: "box", identifier: "below")) }
            XCTAssertEqual(below?.visibleRatio, 0.4)
            XCTAssertEqual(below?.windowIndex, 0)
            withExtendedLifetime(back) {}
        }
    }
}
