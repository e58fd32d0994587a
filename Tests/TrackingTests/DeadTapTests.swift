import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// ACCEPTANCE 47 end to end: real taps through HeadlessUIKit's touch path, a started tracker with dead taps on,
/// a manual clock, and the scan after the interval settling the check.
final class DeadTapTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { TapFixture.shownWindows.removeAll() }
        super.tearDown()
    }

    // MARK: - The dead case

    func testATapOnAButtonWhoseActionChangesNothingIsOneDeadTapWithTheTapsTimeAndPosition() {
        MainActor.assumeIsolated {
            let shop = DeadTapShop()
            shop.tapButton()
            shop.fixture.clock.advance(by: 0.4)
            shop.tracker.scanNow()
            XCTAssertEqual(shop.deadTaps, [], "not before the interval ends")
            shop.fixture.clock.advance(by: 0.1)
            shop.tracker.scanNow()
            shop.fixture.clock.advance(by: 1)
            shop.tracker.scanNow()
            XCTAssertEqual(shop.deadTaps, ["dead_tap buy_button#7 @shop 1.0"], "exactly one")
            let tap = shop.fixture.sink.events.first { $0.kind == .tap }
            let dead = shop.fixture.sink.events.first { $0.kind == .deadTap }
            XCTAssertEqual(dead?.timestamp, shop.fixture.start, "the tap's own time")
            XCTAssertEqual(dead?.timestamp, tap?.timestamp)
            XCTAssertEqual(dead?.tapPosition, TrackingTapPosition(x: 80, y: 122, elementX: 0.5, elementY: 0.5))
            XCTAssertEqual(dead?.tapPosition, tap?.tapPosition)
            XCTAssertEqual(shop.fixture.log.all, [])
            shop.tracker.stop()
        }
    }

    func testAViewWithATapRecognizerThatDoesNothingIsADeadTapAndOneThatDoesSomethingIsNot() {
        MainActor.assumeIsolated {
            let shop = DeadTapShop()
            let card = shop.fixture.element("promo_card", id: "p", frame: CGRect(x: 20, y: 300, width: 200, height: 100), in: shop.root)
            let recognizer = UITapGestureRecognizer()
            card.addGestureRecognizer(recognizer)
            shop.fixture.tap(at: CGPoint(x: 100, y: 350), in: shop.window)
            shop.settle()
            XCTAssertEqual(shop.deadTaps, ["dead_tap promo_card#p @shop 1.0"])

            Headless.addAction(to: recognizer) { [weak shop] _ in shop?.label.text = "Opened" }
            shop.fixture.tap(at: CGPoint(x: 100, y: 350), in: shop.window)
            shop.settle()
            XCTAssertEqual(shop.deadTaps, ["dead_tap promo_card#p @shop 1.0"], "the recognizer's action changed a label")
            shop.tracker.stop()
        }
    }

    // MARK: - Every kind of change is no dead tap

    func testAnActionThatChangesAnythingVisibleIsNoDeadTap() {
        MainActor.assumeIsolated {
            let actions: [(String, @MainActor (DeadTapShop) -> Void)] = [
                ("pushes", { shop in
                    let next = UIViewController()
                    next.view.backgroundColor = .white
                    shop.navigation.pushViewController(next, animated: false)
                }),
                ("presents", { shop in
                    let sheet = UIViewController()
                    sheet.view.backgroundColor = .white
                    shop.navigation.present(sheet, animated: false)
                }),
                ("changes a label's text", { $0.label.text = "Added to cart" }),
                ("changes a button's title", { $0.button.setTitle("In cart", for: .normal) }),
                ("flips a switch", { $0.toggle.setOn(true, animated: true) }),
                ("moves a view", { $0.banner.frame.origin.y += 10 }),
                ("resizes a view", { $0.banner.frame.size.width -= 10 }),
                ("fades a view", { $0.banner.alpha = 0.5 }),
                ("hides a view", { $0.banner.isHidden = true }),
                ("adds a view", { $0.root.addSubview(UIView(frame: CGRect(x: 0, y: 600, width: 50, height: 50))) }),
                ("removes a view", { $0.banner.removeFromSuperview() }),
                ("disables the button", { $0.button.isEnabled = false }),
                ("selects the button", { $0.button.isSelected = true }),
                ("changes an image", { $0.imageView.image = Headless.image(size: CGSize(width: 30, height: 30)) }),
                ("adds a window", { shop in
                    let toast = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 60))
                    toast.windowLevel = .alert
                    toast.isHidden = false
                    TapFixture.shownWindows.append(toast)
                }),
            ]
            for (name, action) in actions {
                Headless.reset()
                TapFixture.shownWindows.removeAll()
                let shop = DeadTapShop()
                // Weakly: the shop holds the button that holds the action.
                shop.button.addAction(UIAction { [weak shop] _ in shop.map(action) }, for: .touchUpInside)
                shop.tapButton()
                shop.settle()
                XCTAssertEqual(shop.deadTaps, [], "an action that \(name) is no dead tap")
                XCTAssertEqual(shop.taps, 1, name)
                shop.tracker.stop()
            }
        }
    }

    func testAChangeMadeOnlyAfterTheIntervalStillLeavesADeadTap() {
        MainActor.assumeIsolated {
            let shop = DeadTapShop()
            shop.tapButton()
            shop.fixture.clock.advance(by: 0.5)
            shop.tracker.scanNow()
            shop.label.text = "Too late"
            shop.fixture.clock.advance(by: 0.25)
            shop.tracker.scanNow()
            XCTAssertEqual(shop.deadTaps, ["dead_tap buy_button#7 @shop 1.0"])
            shop.tracker.stop()
        }
    }

    func testAPressEffectUndoneAtTouchUpIsNoChange() {
        MainActor.assumeIsolated {
            let shop = DeadTapShop()
            let button = shop.button
            button.addAction(UIAction { [weak button] _ in button?.transform = CGAffineTransform(scaleX: 0.9, y: 0.9) }, for: .touchDown)
            button.addAction(UIAction { [weak button] _ in button?.transform = .identity }, for: .touchUpInside)
            shop.tapButton()
            shop.settle()
            XCTAssertEqual(shop.deadTaps, ["dead_tap buy_button#7 @shop 1.0"], "the state before the press is what counts")
            shop.tracker.stop()
        }
    }

    // MARK: - A second tap

    func testASecondTapBeforeTheIntervalEndsCancelsTheFirstCheck() {
        MainActor.assumeIsolated {
            let shop = DeadTapShop()
            shop.tapButton()
            shop.fixture.clock.advance(by: 0.3)
            // A tap on nothing tracked (the label takes no touches; the root is untracked) cancels too.
            shop.fixture.tap(at: CGPoint(x: 300, y: 700), in: shop.window)
            shop.settle()
            XCTAssertEqual(shop.deadTaps, [], "the second tap cancelled the first check and was not judged itself")

            shop.tapButton()
            shop.fixture.clock.advance(by: 0.3)
            shop.tapButton()
            shop.settle()
            XCTAssertEqual(shop.deadTaps, ["dead_tap buy_button#7 @shop 1.0"], "only the second tap's check remains")
            let dead = shop.fixture.sink.events.last { $0.kind == .deadTap }
            XCTAssertEqual(dead?.timestamp, shop.fixture.start.addingTimeInterval(0.3 + 0.5 + 0.3))
            shop.tracker.stop()
        }
    }

    // MARK: - Not judged

    func testTapsThatAreNotJudged() {
        MainActor.assumeIsolated {
            let cases: [(String, @MainActor (DeadTapShop) -> CGPoint)] = [
                ("a stepper (it answers taps itself)", { shop in
                    let stepper = UIStepper(frame: CGRect(x: 20, y: 460, width: 0, height: 0))
                    stepper.trackingElement = TrackingElement(elementType: "quantity")
                    stepper.addAction(UIAction { _ in }, for: .valueChanged)
                    stepper.maximumValue = 0
                    shop.root.addSubview(stepper)
                    return CGPoint(x: 90, y: 476)
                }),
                ("a switch (it answers taps itself)", { shop in
                    shop.toggle.trackingElement = TrackingElement(elementType: "gift_wrap")
                    let toggle = shop.toggle
                    toggle.addAction(UIAction { [weak toggle] _ in toggle?.setOn(false, animated: false) }, for: .valueChanged)
                    return CGPoint(x: shop.toggle.frame.midX, y: shop.toggle.frame.midY)
                }),
                ("a button without actions", { shop in
                    let bare = UIButton(type: .system)
                    bare.frame = CGRect(x: 20, y: 460, width: 100, height: 44)
                    bare.trackingElement = TrackingElement(elementType: "bare_button")
                    shop.root.addSubview(bare)
                    return CGPoint(x: 70, y: 482)
                }),
                ("a disabled button", { shop in
                    shop.button.isEnabled = false
                    return CGPoint(x: 80, y: 122)
                }),
                ("a tracked view with no recognizer", { shop in
                    shop.fixture.element("info_panel", frame: CGRect(x: 20, y: 460, width: 100, height: 44), in: shop.root)
                    return CGPoint(x: 70, y: 482)
                }),
                ("a SwiftUI anchor", { shop in
                    let hosting = UIView(frame: CGRect(x: 0, y: 450, width: 400, height: 100))
                    hosting.addGestureRecognizer(UITapGestureRecognizer())
                    shop.root.addSubview(hosting)
                    AnchorFixture.elementAnchor("swiftui_button", frame: CGRect(x: 20, y: 10, width: 100, height: 44), in: hosting)
                    return CGPoint(x: 70, y: 482)
                }),
            ]
            for (name, place) in cases {
                Headless.reset()
                TapFixture.shownWindows.removeAll()
                let shop = DeadTapShop()
                let point = place(shop)
                shop.fixture.tap(at: point, in: shop.window)
                shop.settle()
                XCTAssertEqual(shop.taps, 1, "\(name): the tap is recorded")
                XCTAssertEqual(shop.deadTaps, [], "\(name) is not judged")
                shop.tracker.stop()
            }
        }
    }

    func testOffByDefaultAndCancelledByTheBackground() {
        MainActor.assumeIsolated {
            XCTAssertFalse(TrackingConfiguration().capturesDeadTaps)
            XCTAssertEqual(TrackingConfiguration().deadTapInterval, 0.5)
            let off = DeadTapShop(capturesDeadTaps: false)
            XCTAssertNil(off.tracker.tapCapture?.deadTaps, "nothing is created when off")
            off.tapButton()
            off.settle()
            XCTAssertEqual(off.deadTaps, [])
            off.tracker.stop()

            Headless.reset()
            TapFixture.shownWindows.removeAll()
            let shop = DeadTapShop()
            shop.tapButton()
            Headless.enterBackground()
            Headless.enterForeground()
            shop.settle()
            XCTAssertEqual(shop.deadTaps, [], "leaving the app is a reaction")
            shop.tracker.stop()
        }
    }
}

/// A navigation controller whose tracked `shop` screen holds a tracked buy button (action: nothing), a
/// label, a switch, a banner and an image view; a started tracker with dead taps on.
@MainActor
final class DeadTapShop {
    let fixture = TapFixture()
    let navigation: UINavigationController
    let window: UIWindow
    let tracker: Tracker
    let root: UIView
    let button = UIButton(type: .system)
    let label = UILabel(frame: CGRect(x: 20, y: 200, width: 200, height: 20))
    let toggle = UISwitch(frame: CGRect(x: 250, y: 200, width: 0, height: 0))
    let banner = UIView(frame: CGRect(x: 20, y: 240, width: 300, height: 40))
    let imageView = UIImageView(image: Headless.image(size: CGSize(width: 30, height: 30)))

    init(capturesDeadTaps: Bool = true) {
        let screen = fixture.screen("shop")
        navigation = UINavigationController(rootViewController: screen)
        window = fixture.show(navigation)
        root = screen.view
        button.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        button.setTitle("Buy", for: .normal)
        button.trackingElement = TrackingElement(elementType: "buy_button", identifier: "7")
        button.addAction(UIAction { _ in }, for: .touchUpInside)
        label.text = "Ready"
        banner.backgroundColor = .white
        imageView.frame.origin = CGPoint(x: 340, y: 100)
        for view in [button, label, toggle, banner, imageView] as [UIView] { root.addSubview(view) }
        Headless.runUpdateCycle()
        var configuration = TrackingConfiguration.testing(clock: fixture.clock, log: fixture.log)
        configuration.capturesDeadTaps = capturesDeadTaps
        tracker = Tracker(configuration: configuration, sinks: [fixture.sink])
        tracker.start()
    }

    /// The `Dead Tap` events' summaries.
    var deadTaps: [String] { fixture.sink.events.filter { $0.kind == .deadTap }.map(\.summary) }
    /// How many `Element Tapped` were recorded.
    var taps: Int { fixture.sink.events.filter { $0.kind == .tap }.count }

    /// Taps the buy button's centre at the clock's time.
    func tapButton() {
        fixture.tap(at: CGPoint(x: 80, y: 122), in: window)
    }

    /// Lets the interval pass: lays out, advances the clock by the interval, and scans.
    func settle() {
        Headless.runUpdateCycle()
        fixture.clock.advance(by: 0.5)
        tracker.scanNow()
    }
}
