import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// The debug overlay (`Tracker.showsDebugOverlay`): it draws the scan's own verdicts, in a window of its own
/// that nothing else sees, and disappears without a trace.
final class DebugOverlayTests: HeadlessTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Self.shownWindows.removeAll()
        }
        super.tearDown()
    }

    // MARK: - Drawing

    func testOutlinesAreTheVisibilityReportOfTheSameScanWithTheRecordersCountdown() throws {
        try MainActor.assumeIsolated {
            let (feed, clock, _, tracker) = Self.feedWithTracker()
            let fixture = Self.addEveryVerdict(to: feed)
            tracker.showsDebugOverlay = true
            tracker.start()
            defer { tracker.stop() }

            Self.scan(tracker, clock)
            Self.scan(tracker, clock, after: 1)
            // A late element: visible, 0.4 s into its 1 s wait (0.6 s left).
            Self.tracked("late_button", frame: CGRect(x: 220, y: 100, width: 100, height: 40), in: feed.view)
            Self.scan(tracker, clock, after: 0.5)
            Self.scan(tracker, clock, after: 0.4)

            let canvas = try XCTUnwrap(tracker.debugOverlay?.canvases.first)
            let report = tracker.visibilityReport()
            let window = try XCTUnwrap(feed.view.window)
            let expected = report.entries.compactMap { entry -> String? in
                guard case .element(let element) = entry.subject, entry.windowIndex != nil,
                      [.visible, .occluded, .belowThreshold, .clippedOrOffscreen].contains(entry.verdict),
                      entry.frame.intersects(window.bounds)
                else { return nil }
                return "\(element.elementType.rawValue) \(entry.verdict) \(entry.frame)"
            }
            let drawn = canvas.outlines.map { "\($0.name) \(Self.verdict(of: $0.state)) \($0.frame)" }
            XCTAssertEqual(drawn, expected)
            XCTAssertEqual(drawn.count, 6)

            XCTAssertEqual(canvas.outlines.map(\.caption), [
                "counted_button ✓",
                "occluded_button occluded 0 %",
                "late_button 0.6 s",
                "partial_button 30 %",
                "clipped_button clipped",
                "promo_banner ✓ → promo",
            ])
            XCTAssertEqual(canvas.screens, ["feed"])
            _ = fixture

            // What a person sees: a bordered view per outline (after the screen's), coloured by state, and
            // the captions over them.
            let shown = canvas.shownViews
            XCTAssertEqual(shown.outlines.dropFirst().map(\.frame), canvas.outlines.map(\.frame))
            XCTAssertEqual(
                shown.outlines.dropFirst().map { UIColor(cgColor: $0.layer.borderColor!) },
                canvas.outlines.map { DebugOverlayStyle.color(for: $0.state) }
            )
            XCTAssertEqual(shown.outlines.map(\.layer.borderWidth), [1, 2, 2, 2, 2, 2, 2])
            XCTAssertEqual(shown.captions.map(\.text), canvas.outlines.map(\.caption))
            XCTAssertEqual(shown.captions.map(\.isHidden), Array(repeating: false, count: 6))
        }
    }

    func testBadgeShowsScanRateScreenAndEventsOnTheTrackersClock() throws {
        try MainActor.assumeIsolated {
            let (feed, clock, _, tracker) = Self.feedWithTracker()
            Self.tracked("counted_button", frame: CGRect(x: 20, y: 100, width: 200, height: 40), in: feed.view)
            tracker.showsDebugOverlay = true
            tracker.start()
            defer { tracker.stop() }

            for _ in 0..<6 { Self.scan(tracker, clock, after: 0.25) }
            let badge = try XCTUnwrap(tracker.debugOverlay?.canvases.first?.shownViews.badge.text)
            // Of the scans at 0.25 … 1.5 s, those at 0.75, 1.0, 1.25 and 1.5 s fall in the last second; the screen
            // view and the button's impression so far.
            let lines = badge.components(separatedBy: "\n")
            XCTAssertEqual(lines.count, 3)
            XCTAssertTrue(lines[0].hasPrefix("Sightline · 4 scans/s · "), lines[0])
            XCTAssertTrue(lines[0].hasSuffix(" ms"), lines[0])
            XCTAssertEqual(Array(lines.dropFirst()), ["screen: feed", "events: 2 recorded"])
        }
    }

    func testBadgeTextWithDeliveryAndUploadStatuses() {
        let badge = DebugOverlayBadge(
            scansPerSecond: 9, scanDuration: 0.000_214, screens: ["profile#user-1", "edit_profile#user-1"],
            eventsRecorded: 12, delivery: .init(delivered: 10, queued: 2, lastUpload: "HTTP 200")
        )
        XCTAssertEqual(badge.text, """
            Sightline · 9 scans/s · 0.21 ms
            screen: profile#user-1, edit_profile#user-1
            events: 12 recorded · 10 delivered
            queue: 2 · upload: HTTP 200
            """)
        let date = Date(timeIntervalSince1970: 0)
        XCTAssertEqual(DebugOverlayBadge.status(of: nil), "none yet")
        XCTAssertEqual(DebugOverlayBadge.status(of: DeliveryUploadReport(
            date: date, messageIDs: [], bodyByteCount: 0, statusCode: 503, transportError: nil, outcome: .retrying(after: 2)
        )), "HTTP 503, retrying")
        XCTAssertEqual(DebugOverlayBadge.status(of: DeliveryUploadReport(
            date: date, messageIDs: [], bodyByteCount: 0, statusCode: nil, transportError: "offline", outcome: .retrying(after: 2)
        )), "no answer, retrying")
        XCTAssertEqual(DebugOverlayBadge.milliseconds(0.0105), "10.50 ms")
        XCTAssertEqual(DebugOverlayOutline.seconds(0.31), "0.4 s")
        XCTAssertEqual(DebugOverlayOutline.seconds(0), "0.0 s")
    }

    // MARK: - Changes nothing it observes

    func testOverlayWindowIsAboveNeverKeyTakesNoTouchAndIsHiddenFromAccessibility() throws {
        try MainActor.assumeIsolated {
            let (feed, clock, _, tracker) = Self.feedWithTracker()
            let button = UIButton(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
            button.trackingElement = TrackingElement(elementType: "counted_button")
            feed.view.addSubview(button)
            let appWindow = try XCTUnwrap(feed.view.window)
            tracker.showsDebugOverlay = true
            tracker.start()
            defer { tracker.stop() }
            Self.scan(tracker, clock)

            let overlay = try XCTUnwrap(Self.overlayWindows().first)
            XCTAssertEqual(Self.overlayWindows().count, 1)
            XCTAssertEqual(overlay.windowLevel, .alert + 1)
            XCTAssertEqual(Headless.windowScene.windows.last, overlay)
            XCTAssertFalse(overlay.isHidden)
            XCTAssertTrue(appWindow.isKeyWindow)
            XCTAssertFalse(overlay.isKeyWindow)
            XCTAssertEqual(Headless.windowScene.keyWindow, appWindow)
            XCTAssertFalse(overlay.isUserInteractionEnabled)
            XCTAssertTrue(overlay.accessibilityElementsHidden)
            XCTAssertFalse(overlay.isAccessibilityElement)

            // A tap on the button's outline: the overlay answers nothing, the app's window finds the button.
            let point = CGPoint(x: 30, y: 110)
            XCTAssertNil(overlay.hitTest(point, with: nil))
            for view in Self.allViews(in: overlay) {
                XCTAssertNil(view.hitTest(view.convert(point, from: overlay), with: nil))
            }
            XCTAssertEqual(appWindow.hitTest(point, with: nil), button)
        }
    }

    func testOverlayWindowIsNeverScannedAndHidesNothing() throws {
        try MainActor.assumeIsolated {
            let (feed, clock, sink, tracker) = Self.feedWithTracker()
            Self.tracked("counted_button", frame: CGRect(x: 20, y: 100, width: 200, height: 40), in: feed.view)
            tracker.showsDebugOverlay = true
            tracker.start()
            defer { tracker.stop() }
            Self.scan(tracker, clock)
            let overlay = try XCTUnwrap(Self.overlayWindows().first)
            // Were it scanned, this opaque sheet over the whole overlay would hide the app, and its tracked
            // view would count.
            let sheet = UIView(frame: overlay.bounds)
            sheet.backgroundColor = .white
            sheet.trackingElement = TrackingElement(elementType: "overlay_sheet")
            overlay.addSubview(sheet)

            Self.scan(tracker, clock, after: 1)
            XCTAssertEqual(sink.events.map(\.summary), [
                "screen_view feed 1.0", "impression counted_button @feed 1.0",
            ])
            let report = tracker.visibilityReport()
            XCTAssertEqual(report.windowFrames, [CGRect(x: 0, y: 0, width: 400, height: 800)])
            XCTAssertFalse(report.entries.contains { $0.subject == .element(TrackingElement(elementType: "overlay_sheet")) && $0.windowIndex != nil })
        }
    }

    func testTheSameScriptRecordsTheSameEventsWithTheOverlayOnAndOff() {
        MainActor.assumeIsolated {
            @MainActor func run(overlay: Bool) -> [String] {
                Headless.reset()
                Self.shownWindows.removeAll()
                let (feed, clock, sink, tracker) = Self.feedWithTracker()
                _ = Self.addEveryVerdict(to: feed)
                tracker.showsDebugOverlay = overlay
                tracker.start()
                defer { tracker.stop() }
                for step in 0..<8 {
                    if step == 3 {
                        Self.tracked("late_button", frame: CGRect(x: 220, y: 100, width: 100, height: 40), in: feed.view)
                    }
                    if step == 5 { feed.view.subviews.first { $0.trackingElement?.elementType == "counted_button" }?.isHidden = true }
                    Self.scan(tracker, clock, after: 0.3)
                }
                XCTAssertEqual(Self.overlayWindows().count, overlay ? 1 : 0)
                return sink.events.map { "\($0.summary) t=\($0.timestamp.timeIntervalSince1970)" }
            }
            let off = run(overlay: false)
            let on = run(overlay: true)
            XCTAssertEqual(on, off)
            XCTAssertEqual(off.map { $0.components(separatedBy: " t=")[0] }, [
                "screen_view feed 1.0", "impression counted_button @feed 1.0", "impression promo_banner @promo 1.0",
                "impression late_button @feed 1.0",
            ])
        }
    }

    func testATapOnTheSceneFallsThroughTheOverlayToTheAppsButtonAndIsRecordedOnce() {
        MainActor.assumeIsolated {
            @MainActor func run(overlay: Bool) -> (actions: [String], taps: [String]) {
                Headless.reset()
                Self.shownWindows.removeAll()
                let (feed, clock, sink, tracker) = Self.feedWithTracker()
                let button = UIButton(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
                button.trackingElement = TrackingElement(elementType: "counted_button")
                feed.view.addSubview(button)
                var actions: [String] = []
                button.addAction(UIAction { _ in actions.append("touchUpInside") }, for: .touchUpInside)
                button.addAction(UIAction { _ in actions.append("primaryActionTriggered") }, for: .primaryActionTriggered)
                tracker.showsDebugOverlay = overlay
                tracker.start()
                defer { tracker.stop() }
                Self.scan(tracker, clock)
                // The overlay's window, when on, is the scene's front-most and covers the button.
                XCTAssertEqual(Headless.windowScene.windows.last is DebugOverlayWindow, overlay)
                if overlay {
                    XCTAssertTrue(Headless.windowScene.windows.last!.frame.contains(CGPoint(x: 30, y: 110)))
                }

                clock.advance(by: 0.5)
                // Where the finger comes down on the screen; the system chooses the window.
                Headless.tap(at: CGPoint(x: 30, y: 110), in: Headless.windowScene, timestamp: clock.now().uptime)
                return (actions, sink.events.filter { $0.kind == .tap }.map(\.summary))
            }
            let off = run(overlay: false)
            let on = run(overlay: true)
            XCTAssertEqual(on.actions, ["touchUpInside", "primaryActionTriggered"], "the button's actions, once each")
            // `.tap` goes on the wire as `Element Tapped`.
            XCTAssertEqual(on.taps, ["tap counted_button @feed 1.0"])
            XCTAssertEqual(on.actions, off.actions)
            XCTAssertEqual(on.taps, off.taps)
        }
    }

    // MARK: - Costs nothing when off, goes with the tracker

    func testOffThereIsNoWindowAndTurningItOffRemovesIt() {
        MainActor.assumeIsolated {
            let (feed, clock, _, tracker) = Self.feedWithTracker()
            Self.tracked("counted_button", frame: CGRect(x: 20, y: 100, width: 200, height: 40), in: feed.view)
            tracker.start()
            defer { tracker.stop() }
            Self.scan(tracker, clock)
            XCTAssertFalse(tracker.showsDebugOverlay)
            XCTAssertNil(tracker.debugOverlay)
            XCTAssertEqual(Self.overlayWindows().count, 0)

            tracker.showsDebugOverlay = true
            XCTAssertEqual(Self.overlayWindows().count, 0, "the window comes with the first scan")
            Self.scan(tracker, clock)
            XCTAssertEqual(Self.overlayWindows().count, 1)

            tracker.showsDebugOverlay = false
            XCTAssertNil(tracker.debugOverlay)
            XCTAssertEqual(Self.overlayWindows().count, 0)
            Self.scan(tracker, clock)
            XCTAssertEqual(Self.overlayWindows().count, 0)
        }
    }

    func testStopRemovesItStartBringsItBackAndReleaseTakesItAway() throws {
        try MainActor.assumeIsolated {
            weak var weakTracker: Tracker?
            weak var weakOverlay: UIWindow?
            do {
                let (feed, clock, _, tracker) = Self.feedWithTracker()
                Self.tracked("counted_button", frame: CGRect(x: 20, y: 100, width: 200, height: 40), in: feed.view)
                tracker.showsDebugOverlay = true
                tracker.start()
                Self.scan(tracker, clock)
                let first = try XCTUnwrap(Self.overlayWindows().first)

                tracker.stop()
                XCTAssertTrue(first.isHidden)
                XCTAssertEqual(Self.overlayWindows().count, 0)
                Self.scan(tracker, clock)
                XCTAssertEqual(Self.overlayWindows().count, 0, "a stopped tracker's scanNow() draws nothing")

                tracker.start()
                Self.scan(tracker, clock)
                XCTAssertEqual(Self.overlayWindows().count, 1)
                XCTAssertTrue(tracker.showsDebugOverlay)
                weakOverlay = Self.overlayWindows().first
                weakTracker = tracker
            }
            // Released while running: the tracker, its overlay and the overlay's window go (UIKit keeps no
            // window nobody holds; the scene lets it go at its next `windows` call).
            XCTAssertEqual(Self.overlayWindows().count, 0)
            XCTAssertNil(weakTracker)
            XCTAssertNil(weakOverlay)
        }
    }

    func testRotationBackgroundAndForegroundKeepTheSameWindowInPlace() throws {
        try MainActor.assumeIsolated {
            let (feed, clock, _, tracker) = Self.feedWithTracker()
            let button = Self.tracked("counted_button", frame: CGRect(x: 20, y: 100, width: 200, height: 40), in: feed.view)
            button.autoresizingMask = [.flexibleLeftMargin]
            tracker.showsDebugOverlay = true
            tracker.start()
            defer { tracker.stop() }
            Self.scan(tracker, clock)
            let overlay = try XCTUnwrap(Self.overlayWindows().first)
            XCTAssertEqual(overlay.frame, CGRect(x: 0, y: 0, width: 400, height: 800))

            // Landscape: the app's window takes the rotated bounds; the overlay follows at the next scan.
            let appWindow = try XCTUnwrap(feed.view.window)
            appWindow.frame = CGRect(x: 0, y: 0, width: 800, height: 400)
            Self.scan(tracker, clock)
            XCTAssertEqual(overlay.frame, appWindow.frame)
            let canvas = try XCTUnwrap(tracker.debugOverlay?.canvases.first)
            XCTAssertEqual(canvas.outlines.map(\.frame), [button.convert(button.bounds, to: nil)])
            XCTAssertEqual(canvas.outlines.first?.frame.minX, 420)

            Headless.enterBackground()
            XCTAssertFalse(overlay.isHidden)
            Headless.enterForeground()
            Self.scan(tracker, clock)
            XCTAssertTrue(Self.overlayWindows().first === overlay)
            XCTAssertEqual(Self.overlayWindows().count, 1)
            XCTAssertFalse(overlay.isHidden)
        }
    }

    func testANewWindowInTheSceneIsCoveredAndItsElementsOutlined() throws {
        try MainActor.assumeIsolated {
            let (_, clock, _, tracker) = Self.feedWithTracker()
            tracker.showsDebugOverlay = true
            tracker.start()
            defer { tracker.stop() }
            Self.scan(tracker, clock)

            // A second app window (a toast at the status-bar level), shown after the overlay.
            let toast = UIWindow(frame: CGRect(x: 0, y: 700, width: 400, height: 100))
            toast.windowLevel = .statusBar
            toast.isHidden = false
            Self.shownWindows.append(toast)
            Self.tracked("toast", frame: CGRect(x: 10, y: 10, width: 380, height: 80), in: toast)
            Self.scan(tracker, clock)

            let overlay = try XCTUnwrap(Self.overlayWindows().first)
            XCTAssertEqual(Headless.windowScene.windows.last, overlay)
            let canvas = try XCTUnwrap(tracker.debugOverlay?.canvases.first)
            XCTAssertEqual(canvas.outlines.map(\.name), ["toast"])
            XCTAssertEqual(canvas.outlines.first?.frame, CGRect(x: 10, y: 710, width: 380, height: 80))
            XCTAssertEqual(canvas.outlines.first?.otherScreen, nil)
        }
    }

    // MARK: - Private

    /// Like an app's scene delegate, the test keeps its windows alive: a window nobody holds goes away.
    @MainActor private static var shownWindows: [UIWindow] = []

    /// A tracked "feed" screen shown as the root of a 400 × 800 window, and a tracker on a manual clock
    /// that records impressions after 1 s at 50 %.
    @MainActor
    private static func feedWithTracker() -> (UIViewController, ManualTrackingClock, InMemoryTrackingSink, Tracker) {
        let feed = UIViewController()
        feed.trackingScreen = TrackingScreen(screenName: "feed")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.rootViewController = feed
        window.makeKeyAndVisible()
        shownWindows.append(window)
        Headless.settle()
        let clock = ManualTrackingClock()
        let sink = InMemoryTrackingSink()
        var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
        configuration.minimumVisibleDuration = 1
        // A long interval: only the test's scanNow() calls scan.
        configuration.scansPerSecond = 0.1
        return (feed, clock, sink, Tracker(configuration: configuration, sinks: [sink]))
    }

    /// One element per verdict the overlay draws, plus one attributed to a screen that is not visible.
    @MainActor
    private static func addEveryVerdict(to feed: UIViewController) -> UIViewController {
        let root = feed.view!
        tracked("counted_button", frame: CGRect(x: 20, y: 100, width: 200, height: 40), in: root)
        // Below the threshold: 30 % of it inside a clipping container.
        let strip = UIView(frame: CGRect(x: 0, y: 200, width: 400, height: 30))
        strip.clipsToBounds = true
        root.addSubview(strip)
        tracked("partial_button", frame: CGRect(x: 0, y: 0, width: 400, height: 100), in: strip)
        // Clipped: inside the window, entirely outside its clipping container.
        let box = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 50))
        box.clipsToBounds = true
        root.addSubview(box)
        tracked("clipped_button", frame: CGRect(x: 150, y: 0, width: 100, height: 40), in: box)
        // Occluded: under an opaque card painted after it.
        tracked("occluded_button", frame: CGRect(x: 20, y: 400, width: 200, height: 40), in: root)
        let card = UIView(frame: CGRect(x: 0, y: 380, width: 400, height: 100))
        card.backgroundColor = .white
        root.addSubview(card)
        // A child screen mostly below the window's bottom edge (not visible), with a visible banner at its top.
        let promo = UIViewController()
        promo.trackingScreen = TrackingScreen(screenName: "promo")
        feed.addChild(promo)
        promo.view.frame = CGRect(x: 0, y: 700, width: 400, height: 400)
        root.addSubview(promo.view)
        promo.didMove(toParent: feed)
        tracked("promo_banner", frame: CGRect(x: 0, y: 0, width: 400, height: 60), in: promo.view)
        return promo
    }

    @MainActor
    @discardableResult
    private static func tracked(_ type: TrackingElementType, frame: CGRect, in parent: UIView) -> UIView {
        let view = UIView(frame: frame)
        view.trackingElement = TrackingElement(elementType: type)
        parent.addSubview(view)
        return view
    }

    @MainActor
    @discardableResult
    private static func scan(_ tracker: Tracker, _ clock: ManualTrackingClock, after seconds: TimeInterval = 0) -> [String] {
        clock.advance(by: seconds)
        Headless.runUpdateCycle()
        return tracker.scanNow().map(\.summary)
    }

    @MainActor
    private static func overlayWindows() -> [UIWindow] {
        Headless.windowScene.windows.filter { $0 is DebugOverlayWindow && !$0.isHidden }
    }

    @MainActor
    private static func allViews(in root: UIView) -> [UIView] {
        var views = [root], index = 0
        while index < views.count {
            views.append(contentsOf: views[index].subviews)
            index += 1
        }
        return views
    }

    private static func verdict(of state: DebugOverlayOutline.State) -> VisibilityReport.Verdict {
        switch state {
        case .counted, .timing: .visible
        case .belowThreshold: .belowThreshold
        case .occluded: .occluded
        case .clipped: .clippedOrOffscreen
        }
    }
}
