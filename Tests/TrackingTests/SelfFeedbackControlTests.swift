import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// ACCEPTANCE 46 with HeadlessUIKit's real controls and the capture's own rule (nothing replaced): quick taps on
/// a control that answers taps itself are each an `Element Tapped` and never a `Rage Tap`.
final class SelfFeedbackControlTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { TapFixture.shownWindows.removeAll() }
        super.tearDown()
    }

    func testTheRuleListsTheControlsThatAnswerTapsThemselvesAndNotButtons() {
        MainActor.assumeIsolated {
            let selfFeedback: [UIView] = [
                UIStepper(frame: .zero), UISlider(frame: .zero), UISwitch(frame: .zero), UISegmentedControl(items: ["A"]),
                UIPageControl(frame: .zero), UITextField(frame: .zero), UIPickerView(frame: .zero), UIDatePicker(frame: .zero),
            ]
            XCTAssertEqual(selfFeedback.map(SelfFeedbackControl.isSelfFeedbackControl), Array(repeating: true, count: 8))
            let others: [UIView] = [UIButton(type: .system), UIControl(frame: .zero), UILabel(frame: .zero), UIImageView(image: nil), UIView()]
            XCTAssertEqual(others.map(SelfFeedbackControl.isSelfFeedbackControl), Array(repeating: false, count: 5))
        }
    }

    func testFourQuickTapsOnATrackedStepperSegmentedControlOrSwitchAreNoRageTap() {
        MainActor.assumeIsolated {
            let controls: [(String, UIControl, CGPoint)] = [
                ("quantity", UIStepper(frame: CGRect(x: 20, y: 100, width: 0, height: 0)), CGPoint(x: 90, y: 116)),
                ("size_picker", Self.segments(), CGPoint(x: 60, y: 116)),
                ("gift_wrap", UISwitch(frame: CGRect(x: 20, y: 100, width: 0, height: 0)), CGPoint(x: 45, y: 115)),
                ("page_dots", Self.pages(), CGPoint(x: 150, y: 113)),
            ]
            for (type, control, point) in controls {
                Headless.reset()
                TapFixture.shownWindows.removeAll()
                let fixture = TapFixture()
                let screen = fixture.screen("cart")
                let window = fixture.show(screen)
                control.trackingElement = TrackingElement(elementType: TrackingElementType(rawValue: type))
                screen.view.addSubview(control)
                let tracker = fixture.startedTracker(rageTapCount: 4)
                for _ in 0..<4 {
                    fixture.tap(at: point, in: window)
                    fixture.clock.advance(by: 0.05)
                }
                XCTAssertEqual(fixture.tapSummaries, Array(repeating: "tap \(type) @cart 1.0", count: 4), "\(type): four taps, no rage tap")
                tracker.stop()
            }
        }
    }

    @MainActor
    private static func segments() -> UISegmentedControl {
        let segments = UISegmentedControl(items: ["S", "M", "L"])
        segments.frame = CGRect(x: 20, y: 100, width: 240, height: 32)
        return segments
    }

    @MainActor
    private static func pages() -> UIPageControl {
        let pages = UIPageControl(frame: CGRect(x: 20, y: 100, width: 200, height: 26))
        pages.numberOfPages = 5
        return pages
    }
}
