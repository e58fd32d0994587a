#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import Foundation
import TestSupport
import XCTest

/// Scenario 12: host, injected child and behaviours deallocate together; nothing points back strongly.
final class MemoryTests: HeadlessTestCase {
    func testPoppedHostIsReleasedWithItsChildAndBehaviours() {
        MainActor.assumeIsolated {
            let log = LifecycleLog()
            let (nav, window) = makeNavigation(log: log)
            weak var weakHost: UIViewController?
            weak var weakChild: UIViewController?
            weak var weakBehaviour: RecordingBehaviour?
            weak var weakDetector: ScreenshotDetector?
            var registration: BehavioursRegistration?

            releasingScope {
                let host = ScriptedViewController("B", log: log, logsLayout: false)
                let behaviour = RecordingBehaviour("b1", log: log, logsLayout: false)
                let detector = ScreenshotDetector(notificationCenter: .default) { host in
                    log.append("screenshot in \(type(of: host))")
                }
                host.run(in: "viewDidLoad") { host in
                    registration = host.add(behaviours: [behaviour, detector])
                }
                weakHost = host
                weakBehaviour = behaviour
                weakDetector = detector

                nav.pushViewController(host, animated: true)
                Headless.settle()
                weakChild = host.children.first
                Headless.takeScreenshot()
                nav.popViewController(animated: true)
                Headless.settle()
            }

            XCTAssertNil(weakHost)
            XCTAssertNil(weakChild)
            XCTAssertNil(weakBehaviour)
            XCTAssertNil(weakDetector)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("screenshot") }, ["screenshot in ScriptedViewController"])

            // The registration outlives everything and does nothing.
            registration?.remove()
            Headless.takeScreenshot()
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("screenshot") }.count, 1)
            _ = window
        }
    }

    func testBehaviourHoldingItsOwnRegistrationDoesNotLeak() {
        MainActor.assumeIsolated {
            weak var weakHost: UIViewController?
            weak var weakBehaviour: SelfRemovingBehaviour?
            releasingScope {
                let host = UIViewController()
                let behaviour = SelfRemovingBehaviour()
                behaviour.registration = host.add(behaviours: [behaviour])
                weakHost = host
                weakBehaviour = behaviour
            }
            XCTAssertNil(weakHost)
            XCTAssertNil(weakBehaviour)
        }
    }

    func testRemovedBehavioursAreReleasedWhileTheHostLives() {
        MainActor.assumeIsolated {
            let host = UIViewController()
            weak var weakBehaviour: SilentBehaviour?
            weak var weakChild: UIViewController?
            releasingScope {
                let behaviour = SilentBehaviour()
                weakBehaviour = behaviour
                let registration = host.add(behaviours: [behaviour])
                weakChild = host.children.first
                registration.remove()
            }
            XCTAssertNil(weakBehaviour)
            XCTAssertNil(weakChild)
            XCTAssertEqual(host.children.count, 0)
        }
    }
}

/// A behaviour that keeps the registration that added it, to remove itself later.
@MainActor
private final class SelfRemovingBehaviour: ViewControllerLifecycleBehaviour {
    var registration: BehavioursRegistration?

    func afterDisappearing(_ viewController: UIViewController) {
        registration?.remove()
    }
}
