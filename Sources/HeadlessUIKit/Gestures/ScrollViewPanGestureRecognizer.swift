import Foundation

/// The pan a scroll view makes for itself: it marks the scroll view tracking while a finger is down (the
/// touch events then arrive in `RunLoop.Mode.tracking`) and drives dragging (offset, delegate) from its
/// states.
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let scrollView, !scrollView.isTracking else { return }
        scrollView.isTracking = true
        TouchScreen.shared.trackingScrollViews += 1
    }

    override func reset() {
        super.reset()
        guard let scrollView, scrollView.isTracking else { return }
        scrollView.isTracking = false
        TouchScreen.shared.trackingScrollViews = max(0, TouchScreen.shared.trackingScrollViews - 1)
    }

    /// The action the scroll view adds to its pan: UIKit's drag in delegate order.
    func handlePan() {
        guard let scrollView else { return }
        switch state {
        case .began:
            dragStartOffset = scrollView.contentOffset
            scrollView.isDragging = true
            scrollView.delegate?.scrollViewWillBeginDragging(scrollView)
            follow(in: scrollView)
        case .changed:
            follow(in: scrollView)
        case .ended, .cancelled:
            guard scrollView.isDragging else { return }
            // UIKit reports the release velocity in points per millisecond, in the content's direction.
            let fingerVelocity = velocity(in: scrollView)
            let velocity = state == .ended ? CGPoint(x: -fingerVelocity.x / 1000, y: -fingerVelocity.y / 1000) : .zero
            var target = scrollView.contentOffset
            scrollView.delegate?.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: &target)
            if target != scrollView.contentOffset {
                scrollView.contentOffset = target
            }
            scrollView.isDragging = false
            scrollView.delegate?.scrollViewDidEndDragging(scrollView, willDecelerate: false)
        default:
            break
        }
    }

    private var dragStartOffset = CGPoint.zero

    private func follow(in scrollView: UIScrollView) {
        let translation = self.translation(in: scrollView)
        let range = scrollView.contentOffsetRange
        let offset = CGPoint(x: dragStartOffset.x - translation.x, y: dragStartOffset.y - translation.y)
        let clamped = CGPoint(x: min(max(offset.x, range.min.x), range.max.x), y: min(max(offset.y, range.min.y), range.max.y))
        if clamped != scrollView.contentOffset {
            scrollView.contentOffset = clamped
        }
    }
}
