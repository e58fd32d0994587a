import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The debug overlay marks each recorded tap where the finger landed, for a second of the tracker's clock:
/// a blue ring for a tap, a red "rage" ring, a grey "dead" ring.
final class DebugOverlayTapMarkTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { TapFixture.shownWindows.removeAll() }
        super.tearDown()
    }

    func testATapIsMarkedAtOnceWhereItLandedThenItsDeadTapAndBothGoAfterASecond() throws {
        try MainActor.assumeIsolated {
            let shop = DeadTapShop()
            shop.tracker.showsDebugOverlay = true
            shop.tracker.scanNow()
            let canvas = try XCTUnwrap(shop.tracker.debugOverlay?.canvases.first)
            XCTAssertEqual(canvas.shownTapMarks.count, 0)

            shop.tapButton()
            XCTAssertEqual(Self.describe(canvas.shownTapMarks), ["(68.0, 110.0, 24.0, 24.0) blue \"\""], "at once, centred on the finger")

            shop.settle()
            XCTAssertEqual(shop.deadTaps.count, 1)
            XCTAssertEqual(Self.describe(canvas.shownTapMarks), [
                "(68.0, 110.0, 24.0, 24.0) blue \"\"", "(60.0, 102.0, 40.0, 40.0) grey \"dead\"",
            ])

            shop.fixture.clock.advance(by: 1)
            shop.tracker.scanNow()
            XCTAssertEqual(canvas.shownTapMarks.count, 0, "gone after a second")
            shop.tracker.stop()
        }
    }

    func testARageTapHasItsOwnRing() throws {
        try MainActor.assumeIsolated {
            let shop = DeadTapShop(capturesDeadTaps: false)
            shop.tracker.showsDebugOverlay = true
            shop.tracker.scanNow()
            let canvas = try XCTUnwrap(shop.tracker.debugOverlay?.canvases.first)
            for _ in 0..<4 {
                shop.tapButton()
                shop.fixture.clock.advance(by: 0.1)
            }
            XCTAssertEqual(Self.describe(canvas.shownTapMarks).filter { $0.contains("rage") }, ["(60.0, 102.0, 40.0, 40.0) red \"rage\""])
            XCTAssertEqual(canvas.shownTapMarks.count, 5)
            shop.tracker.stop()
        }
    }

    func testEachRingIsDrawnAtItsOwnWindowsPlaceNotTheKeyWindows() throws {
        try MainActor.assumeIsolated {
            let shop = DeadTapShop(capturesDeadTaps: false)
            // A panel window lower on the screen, shown last: it is the key window.
            let panel = UIViewController()
            let panelWindow = shop.fixture.show(panel, frame: CGRect(x: 0, y: 600, width: 400, height: 200))
            shop.fixture.element("panel_button", frame: CGRect(x: 20, y: 20, width: 100, height: 50), in: panel.view)
            XCTAssertTrue(panelWindow.isKeyWindow)
            shop.tracker.showsDebugOverlay = true
            shop.tracker.scanNow()
            let canvas = try XCTUnwrap(shop.tracker.debugOverlay?.canvases.first)

            shop.tapButton()
            shop.fixture.clock.advance(by: 2)
            shop.tracker.scanNow()
            shop.fixture.tap(at: CGPoint(x: 50, y: 40), in: panelWindow)
            XCTAssertEqual(shop.fixture.sink.events.filter { $0.kind == .tap }.map(\.summary), [
                "tap buy_button#7 @shop 1.0", "tap panel_button @- 1.0",
            ])
            XCTAssertEqual(Self.describe(canvas.shownTapMarks), ["(38.0, 628.0, 24.0, 24.0) blue \"\""], "the panel's tap, 600 points down")
            shop.tapButton()
            XCTAssertEqual(Self.describe(canvas.shownTapMarks), [
                "(38.0, 628.0, 24.0, 24.0) blue \"\"", "(68.0, 110.0, 24.0, 24.0) blue \"\"",
            ], "the shop's tap where it landed in the shop's window, though the panel is key")
            shop.tracker.stop()
        }
    }

    func testOffTheTrackerHasNoOverlayToMark() {
        MainActor.assumeIsolated {
            let shop = DeadTapShop()
            shop.tapButton()
            XCTAssertNil(shop.tracker.debugOverlay)
            XCTAssertFalse(UIApplication.shared.connectedScenes.contains { scene in
                (scene as? UIWindowScene)?.windows.contains { $0 is DebugOverlayWindow } ?? false
            })
            shop.tracker.stop()
        }
    }

    @MainActor
    private static func describe(_ rings: [UILabel]) -> [String] {
        rings.map { ring in
            let border = ring.layer.borderColor
            let colour = border === DebugOverlayStyle.borderColor(for: .tap) ? "blue"
                : border === DebugOverlayStyle.borderColor(for: .rageTap) ? "red"
                : border === DebugOverlayStyle.borderColor(for: .deadTap) ? "grey" : "?"
            let frame = ring.frame
            return "(\(frame.minX), \(frame.minY), \(frame.width), \(frame.height)) \(colour) \"\(ring.text ?? "")\""
        }
    }
}
