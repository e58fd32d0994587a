import Foundation
import TestSupport
import XCTest
@testable import Tracking
#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// `trackingElement` and `trackingScreen` set and read from many threads at once while the main thread
/// scans: every thread reads back what it set, every scan lists only components some thread set, and the
/// final state is exactly the last value each thread set.
final class ComponentStoreThreadTests: HeadlessTestCase {
    private static let threads = 8
    private static let viewsPerThread = 8
    private static let iterations = 400

    func testConcurrentSetsAndGetsFromManyThreadsWhileTheMainThreadScansStayConsistent() {
        let threads = Self.threads
        let viewsPerThread = Self.viewsPerThread
        let iterations = Self.iterations
        let (window, views, controllers) = MainActor.assumeIsolated { () -> (UIWindow, [[UIView]], [UIViewController]) in
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.makeKeyAndVisible()
            let views = (0..<threads).map { thread in
                (0..<viewsPerThread).map { index in
                    let view = UIView(frame: CGRect(x: 10 + 40 * index, y: 10 + 40 * thread, width: 30, height: 30))
                    window.addSubview(view)
                    return view
                }
            }
            return (window, views, (0..<threads).map { _ in UIViewController() })
        }
        let mismatches = LockedCounter()
        let workers = DispatchGroup()
        for thread in 0..<threads {
            let mine = views[thread]
            let controller = controllers[thread]
            DispatchQueue.global().async(group: workers) {
                for iteration in 0..<iterations {
                    for (index, view) in mine.enumerated() {
                        // Some removals, so swap-removal moves other threads' entries under them.
                        let element = iteration % 7 == 3
                            ? nil : TrackingElement(elementType: "cell", identifier: "t\(thread)-v\(index)-\(iteration)")
                        view.trackingElement = element
                        if view.trackingElement != element { mismatches.increment() }
                    }
                    let screen = TrackingScreen(screenName: "screen", identifier: "t\(thread)-\(iteration)")
                    controller.trackingScreen = screen
                    if controller.trackingScreen != screen { mismatches.increment() }
                }
                for (index, view) in mine.enumerated() {
                    view.trackingElement = TrackingElement(elementType: "cell", identifier: "t\(thread)-v\(index)-final")
                }
                controller.trackingScreen = TrackingScreen(screenName: "screen", identifier: "t\(thread)-final")
            }
        }

        MainActor.assumeIsolated {
            let scanner = VisibilityScanner(minimumVisibleRatio: 0.5, minimumAlpha: 0.01)
            var result = ScanResult()
            var scans = 0
            var foreign: [String] = []
            let deadline = Date(timeIntervalSinceNow: 60)
            var finished = false
            repeat {
                finished = workers.wait(timeout: .now()) == .success
                result.removeAll()
                scanner.scan(into: &result)
                scans += 1
                for element in result.elements {
                    let identifier = element.element.identifier ?? "nil"
                    let parts = identifier.split(separator: "-")
                    // Only values some thread set: "t<thread>-v<index>-<iteration or final>", for that view's own owner.
                    if element.element.elementType != "cell" || parts.count != 3 || !parts[0].hasPrefix("t") || !parts[1].hasPrefix("v") {
                        foreign.append(identifier)
                    }
                }
            } while !finished && Date() < deadline
            XCTAssertTrue(finished, "the threads did not finish within 60 s")
            XCTAssertGreaterThan(scans, 0)
            XCTAssertEqual(foreign, [])
            XCTAssertEqual(mismatches.value, 0, "a thread read back something other than what it set")

            result.removeAll()
            scanner.scan(into: &result)
            let expected = Set((0..<threads).flatMap { thread in (0..<viewsPerThread).map { "t\(thread)-v\($0)-final" } })
            XCTAssertEqual(Set(result.elements.compactMap(\.element.identifier)), expected)
            XCTAssertEqual(result.elements.count, expected.count)
            for (thread, controller) in controllers.enumerated() {
                XCTAssertEqual(controller.trackingScreen, TrackingScreen(screenName: "screen", identifier: "t\(thread)-final"))
            }
            for row in views {
                for view in row { view.trackingElement = nil }
            }
            for controller in controllers { controller.trackingScreen = nil }
            XCTAssertNotNil(window)
        }
    }

    func testComponentsSetOnABackgroundThreadAreScannedAndRecordedOnTheMainThread() {
        let (tracker, sink, clock, window, controller, button) = MainActor.assumeIsolated {
            () -> (Tracker, InMemoryTrackingSink, ManualTrackingClock, UIWindow, UIViewController, UIButton) in
            let clock = ManualTrackingClock()
            var configuration = TrackingConfiguration.testing(clock: clock, log: DiagnosticLog())
            configuration.minimumVisibleDuration = 1
            let sink = InMemoryTrackingSink()
            let tracker = Tracker(configuration: configuration, sinks: [sink])
            let controller = UIViewController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let button = UIButton(frame: CGRect(x: 20, y: 100, width: 120, height: 44))
            controller.view.addSubview(button)
            return (tracker, sink, clock, window, controller, button)
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            controller.trackingScreen = TrackingScreen(screenName: "background")
            button.trackingElement = TrackingElement(elementType: "background_button")
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        MainActor.assumeIsolated {
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["screen_view background 1.0"])
            clock.advance(by: 1)
            XCTAssertEqual(tracker.scanNow().map(\.summary), ["impression background_button @background 1.0"])
            XCTAssertEqual(sink.events.count, 2)
            controller.trackingScreen = nil
            button.trackingElement = nil
            tracker.stop()
            XCTAssertNotNil(window)
        }
    }
}

/// A count shared by threads.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() {
        lock.withLock { count += 1 }
    }
}
