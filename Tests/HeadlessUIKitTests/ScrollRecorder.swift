import HeadlessUIKit
import TestSupport

/// A scroll-view delegate that logs every call, with the run-loop mode it came in.
@MainActor
final class ScrollRecorder: NSObject, UIScrollViewDelegate {
    let log: LifecycleLog
    /// Runs on every `scrollViewDidScroll`.
    var onScroll: () -> Void = {}

    init(log: LifecycleLog) {
        self.log = log
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        log.append("didScroll[\(RunLoop.main.currentMode?.rawValue ?? "none")]")
        onScroll()
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        log.append("willBeginDragging tracking=\(scrollView.isTracking)")
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        log.append("willEndDragging target=\(targetContentOffset.pointee.y)")
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        log.append("didEndDragging decelerate=\(decelerate)")
    }

    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
        log.append("willBeginDecelerating")
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        log.append("didEndDecelerating decelerating=\(scrollView.isDecelerating)")
    }
}

/// A counter that `@Sendable` timer and observer blocks can reach; only touched on the main thread.
final class Counter: @unchecked Sendable {
    var value = 0
}
