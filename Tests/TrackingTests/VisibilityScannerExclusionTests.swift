import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A window the scan leaves out (a transition in flight in it) contributes no screens and no elements, yet
/// its opaque views, wherever they sit, still hide what lies behind it, as the oracle judges.
final class VisibilityScannerExclusionTests: HeadlessTestCase {
    func testAnExcludedFrontWindowStillHidesTheWindowBehindWithItsBuriedOpaqueViews() {
        MainActor.assumeIsolated {
            let back = window(level: .normal)
            let backScreen = screen("back", in: back)
            tracked("covered", CGRect(x: 0, y: 0, width: 100, height: 100), in: backScreen.view)
            tracked("uncovered", CGRect(x: 0, y: 400, width: 100, height: 100), in: backScreen.view)

            // A clear front window: only an opaque card buried in untracked, translucent-free containers covers.
            let front = window(level: .alert)
            let frontScreen = screen("front", in: front, background: nil)
            let container = view(CGRect(x: 0, y: 0, width: 400, height: 300), in: frontScreen.view)
            let inner = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: container)
            _ = view(CGRect(x: 0, y: 0, width: 100, height: 75), in: inner, background: .white)
            tracked("front-button", CGRect(x: 0, y: 600, width: 100, height: 100), in: frontScreen.view)

            let exclusion = ExcludedWindows([front])
            var result = ScanResult()
            XCTAssertTrue(scanner().scan(into: &result, excluding: exclusion))
            XCTAssertEqual(elements(result), ["uncovered 1.0 @back"], "covered is 3/4 hidden; front's button is left out")
            // 100 × 75 of the back screen's 400 × 800 is hidden.
            XCTAssertEqual(screens(result), ["back 0.9765625"])
            XCTAssertTrue(exclusion.offered.elementsEqual([[front, back]]) { $0.elementsEqual($1, by: ===) })

            var lowThreshold = ScanResult()
            scanner(ratio: 0.25).scan(into: &lowThreshold, excluding: exclusion)
            XCTAssertEqual(elements(lowThreshold), ["covered 0.25 @back", "uncovered 1.0 @back"])

            // Without the exclusion the front window counts too: the same covers, its screen and button.
            var all = ScanResult()
            scanner().scan(into: &all)
            XCTAssertEqual(elements(all), ["front-button 1.0 @front", "uncovered 1.0 @back"])
            XCTAssertEqual(screens(all), ["front 1.0", "back 0.9765625"])
        }
    }

    func testAnExcludedWindowsTrackedViewsAreLeftOutWhileOtherWindowsCount() {
        MainActor.assumeIsolated {
            let back = window(level: .normal)
            let backScreen = screen("back", in: back)
            tracked("back-button", CGRect(x: 0, y: 0, width: 100, height: 100), in: backScreen.view)
            // A banner in front, over the bottom of the back window only.
            let front = window(level: .alert, frame: CGRect(x: 0, y: 700, width: 400, height: 100))
            let banner = screen("banner", in: front)
            tracked("close", CGRect(x: 0, y: 0, width: 40, height: 40), in: banner.view)

            var result = ScanResult()
            XCTAssertTrue(scanner().scan(into: &result, excluding: ExcludedWindows([back])))
            XCTAssertEqual(elements(result), ["close 1.0 @banner"])
            XCTAssertEqual(screens(result), ["banner 1.0"])

            result.removeAll()
            XCTAssertTrue(scanner().scan(into: &result, excluding: ExcludedWindows([front])))
            XCTAssertEqual(elements(result), ["back-button 1.0 @back"])
            XCTAssertEqual(screens(result), ["back 0.875"], "the opaque banner still hides the bottom 100 points")

            result.removeAll()
            XCTAssertFalse(scanner().scan(into: &result, excluding: ExcludedWindows([])))
            XCTAssertEqual(elements(result), ["close 1.0 @banner", "back-button 1.0 @back"])
        }
    }

    func testAnExcludedTranslucentOrHiddenCoverHidesNothing() {
        MainActor.assumeIsolated {
            let back = window(level: .normal)
            let backScreen = screen("back", in: back)
            tracked("under", CGRect(x: 0, y: 0, width: 100, height: 100), in: backScreen.view)
            let front = window(level: .alert)
            let dimming = view(CGRect(x: 0, y: 0, width: 400, height: 800), in: front)
            dimming.alpha = 0.5
            let card = view(CGRect(x: 0, y: 0, width: 400, height: 400), in: dimming, background: .white)

            var result = ScanResult()
            scanner().scan(into: &result, excluding: ExcludedWindows([front]))
            XCTAssertEqual(elements(result), ["under 1.0 @back"], "under alpha 0.5 nothing is opaque")

            dimming.alpha = 1
            result.removeAll()
            scanner().scan(into: &result, excluding: ExcludedWindows([front]))
            XCTAssertEqual(elements(result), [])

            card.isHidden = true
            result.removeAll()
            scanner().scan(into: &result, excluding: ExcludedWindows([front]))
            XCTAssertEqual(elements(result), ["under 1.0 @back"])
        }
    }
}

// MARK: - Fixtures

@MainActor
private func window(level: UIWindow.Level, frame: CGRect = CGRect(x: 0, y: 0, width: 400, height: 800)) -> UIWindow {
    let window = UIWindow(frame: frame)
    window.windowLevel = level
    window.makeKeyAndVisible()
    return window
}

/// A tracked screen as the window's root, opaque unless told otherwise.
@MainActor
private func screen(_ name: String, in window: UIWindow, background: UIColor? = .white) -> UIViewController {
    let controller = UIViewController()
    controller.trackingScreen = TrackingScreen(screenName: TrackingScreenName(rawValue: name))
    controller.view.backgroundColor = background
    window.rootViewController = controller
    return controller
}

@MainActor
private func view(_ frame: CGRect, in parent: UIView, background: UIColor? = nil) -> UIView {
    let view = UIView(frame: frame)
    view.backgroundColor = background
    parent.addSubview(view)
    return view
}

@MainActor
private func tracked(_ id: String, _ frame: CGRect, in parent: UIView) {
    view(frame, in: parent).trackingElement = TrackingElement(elementType: "box", identifier: id)
}

@MainActor
private func scanner(ratio: Double = 0.5) -> VisibilityScanner {
    VisibilityScanner(minimumVisibleRatio: ratio, minimumAlpha: 0.01)
}

private func elements(_ result: ScanResult) -> [String] {
    result.elements.map { element in
        let screen = element.screenIndex.map { " @" + result.screens[$0].screen.screenName.rawValue } ?? ""
        return "\(element.element.identifier ?? "?") \(element.visibleRatio)\(screen)"
    }
}

private func screens(_ result: ScanResult) -> [String] {
    result.screens.map { "\($0.screen.screenName.rawValue) \($0.visibleRatio)" }
}
