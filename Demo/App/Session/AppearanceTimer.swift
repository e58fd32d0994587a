#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Behaviours
import Foundation
import Tracking

/// The usual way apps time a screen: from `viewDidAppear` to `viewDidDisappear`, as a lifecycle behaviour,
/// on the tracker's clock so that its figure compares with `Screen Ended`'s `visible_ms`.
///
/// UIKit calls `viewDidDisappear` neither when the app goes to the background nor when a page sheet covers
/// the screen, so that time counts here; the scans do not count it.
@MainActor
final class AppearanceTimer: ViewControllerLifecycleBehaviour {
    // MARK: - Internal

    /// Seconds from the last `viewDidAppear` to the `viewDidDisappear` after it; `nil` until then.
    private(set) var lastAppearance: TimeInterval?

    init(clock: any TrackingClock) {
        self.clock = clock
    }

    func afterAppearing(_ viewController: UIViewController) {
        appearedAt = clock.now().uptime
    }

    func afterDisappearing(_ viewController: UIViewController) {
        guard let appearedAt else { return }
        lastAppearance = max(0, clock.now().uptime - appearedAt)
        self.appearedAt = nil
    }

    // MARK: - Private

    private let clock: any TrackingClock
    private var appearedAt: TimeInterval?
}
