import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// docs/design/visible-change.md: every kind of visible change makes ``VisibleStateSnapshot/isUnchanged()``
/// false; what the eye cannot see (a highlight, a hidden or clipped-out view, nothing at all) leaves it true.
final class VisibleStateSnapshotTests: HeadlessTestCase {
    func testNothingChangedIsUnchangedAgainAndAgain() {
        MainActor.assumeIsolated {
            let scene = SnapshotScene()
            let snapshot = VisibleStateSnapshot(minimumAlpha: 0.01)
            snapshot.capture(around: scene.window)
            XCTAssertTrue(snapshot.isUnchanged())
            XCTAssertTrue(snapshot.isUnchanged())
            XCTAssertGreaterThan(snapshot.records.count, 10)
        }
    }

    func testEveryKindOfVisibleChangeIsAChange() {
        MainActor.assumeIsolated {
            let changes: [(String, @MainActor (SnapshotScene) -> Void)] = [
                ("a view added", { $0.root.addSubview(UIView(frame: CGRect(x: 1, y: 1, width: 5, height: 5))) }),
                ("a view removed", { $0.card.removeFromSuperview() }),
                ("a view moved", { $0.card.frame.origin.x += 1 }),
                ("a view resized", { $0.card.frame.size.height += 1 }),
                ("a view transformed", { $0.card.transform = CGAffineTransform(scaleX: 2, y: 2) }),
                ("a view faded", { $0.card.alpha = 0.5 }),
                ("a view hidden", { $0.card.isHidden = true }),
                ("a view moved to another parent", { scene in
                    scene.root.addSubview(scene.label)
                    scene.label.frame = scene.card.convert(scene.label.frame, to: scene.root)
                }),
                ("a view brought to the front", { $0.root.bringSubviewToFront($0.card) }),
                ("content scrolled", { $0.scrollView.contentOffset.y = 10 }),
                ("a label's text", { $0.label.text = "Changed" }),
                ("a button's title", { $0.button.setTitle("Changed", for: .normal) }),
                ("a button disabled", { $0.button.isEnabled = false }),
                ("a button selected", { $0.button.isSelected = true }),
                ("a switch flipped", { $0.toggle.setOn(true, animated: false) }),
                ("a slider's value", { $0.slider.value = 0.5 }),
                ("a stepper's value", { $0.stepper.value = 2 }),
                ("a segment selected", { $0.segments.selectedSegmentIndex = 1 }),
                ("a page turned", { $0.pages.currentPage = 1 }),
                ("a text field's text", { $0.field.text = "typed" }),
                ("an image view's image", { $0.imageView.image = Headless.image(size: CGSize(width: 10, height: 10)) }),
                ("an image view highlighted", { $0.imageView.isHighlighted = true }),
                ("a background colour", { $0.card.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1) }),
                ("a window added", { scene in
                    let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                    alert.windowLevel = .alert
                    alert.isHidden = false
                    scene.extraWindows.append(alert)
                }),
                ("a window removed", { $0.otherWindow.isHidden = true }),
                ("a view in another window", { $0.otherLabel.text = "Changed" }),
            ]
            for (name, change) in changes {
                Headless.reset()
                let scene = SnapshotScene()
                let snapshot = VisibleStateSnapshot(minimumAlpha: 0.01)
                snapshot.capture(around: scene.window)
                XCTAssertTrue(snapshot.isUnchanged(), name)
                change(scene)
                XCTAssertFalse(snapshot.isUnchanged(), "\(name) is a visible change")
                scene.tearDown()
            }
        }
    }

    func testWhatTheEyeCannotSeeIsNoChange() {
        MainActor.assumeIsolated {
            let unseen: [(String, @MainActor (SnapshotScene) -> Void)] = [
                ("a button highlighted (the tap itself)", { $0.button.isHighlighted = true }),
                ("a hidden label's text", { $0.hiddenLabel.text = "Changed" }),
                ("a view clipped out of its scroll view", { $0.clippedOut.frame.origin.x += 5 }),
                ("an equal colour object", { $0.card.backgroundColor = UIColor(white: 1, alpha: 1) }),
                ("a title set to the same text", { $0.button.setTitle("Buy", for: .normal) }),
            ]
            for (name, change) in unseen {
                Headless.reset()
                let scene = SnapshotScene()
                let snapshot = VisibleStateSnapshot(minimumAlpha: 0.01)
                snapshot.capture(around: scene.window)
                change(scene)
                XCTAssertTrue(snapshot.isUnchanged(), "\(name) is no visible change")
                scene.tearDown()
            }
        }
    }

    func testAGoneWindowOrAClearedSnapshotIsAChange() {
        MainActor.assumeIsolated {
            let snapshot = VisibleStateSnapshot(minimumAlpha: 0.01)
            do {
                let scene = SnapshotScene()
                snapshot.capture(around: scene.window)
                scene.tearDown()
            }
            XCTAssertFalse(snapshot.isUnchanged(), "the touched window is gone")
            snapshot.clear()
            XCTAssertTrue(snapshot.records.isEmpty)
            XCTAssertFalse(snapshot.isUnchanged())
        }
    }
}

/// A window with a card (label, button), a scroll view, every control, an image view, a hidden label, and a
/// second window with a label.
@MainActor
final class SnapshotScene {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    let otherWindow = UIWindow(frame: CGRect(x: 0, y: 700, width: 400, height: 100))
    let otherLabel = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
    let card = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 100))
    let label = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
    let button = UIButton(type: .system)
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 120, width: 400, height: 100))
    let clippedOut = UIView(frame: CGRect(x: 0, y: 500, width: 40, height: 40))
    let toggle = UISwitch(frame: CGRect(x: 10, y: 240, width: 0, height: 0))
    let slider = UISlider(frame: CGRect(x: 70, y: 240, width: 200, height: 30))
    let stepper = UIStepper(frame: CGRect(x: 10, y: 280, width: 0, height: 0))
    let segments = UISegmentedControl(items: ["A", "B"])
    let pages = UIPageControl(frame: CGRect(x: 10, y: 360, width: 200, height: 26))
    let field = UITextField(frame: CGRect(x: 10, y: 400, width: 200, height: 34))
    let imageView = UIImageView(image: Headless.image(size: CGSize(width: 20, height: 20)))
    let hiddenLabel = UILabel(frame: CGRect(x: 10, y: 480, width: 100, height: 20))
    var extraWindows: [UIWindow] = []

    init() {
        card.backgroundColor = UIColor(white: 1, alpha: 1)
        label.text = "Title"
        button.setTitle("Buy", for: .normal)
        button.frame = CGRect(x: 120, y: 10, width: 60, height: 30)
        card.addSubview(label)
        card.addSubview(button)
        root.addSubview(card)
        scrollView.contentSize = CGSize(width: 400, height: 1_000)
        scrollView.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 50)))
        scrollView.addSubview(clippedOut)
        root.addSubview(scrollView)
        segments.frame.origin = CGPoint(x: 10, y: 320)
        pages.numberOfPages = 3
        imageView.frame.origin = CGPoint(x: 10, y: 440)
        hiddenLabel.isHidden = true
        for view in [toggle, slider, stepper, segments, pages, field, imageView, hiddenLabel] as [UIView] {
            root.addSubview(view)
        }
        window.addSubview(root)
        window.makeKeyAndVisible()
        otherWindow.windowLevel = .normal + 1
        otherWindow.addSubview(otherLabel)
        otherLabel.text = "Other"
        otherWindow.isHidden = false
    }

    func tearDown() {
        for window in [window, otherWindow] + extraWindows {
            window.isHidden = true
        }
        extraWindows.removeAll()
    }
}
