import Foundation

/// A control that shows a row of page indicators and moves between pages.
///
/// A tap (a touch that lifts inside) on the trailing side of the control's centre moves to the next page, on
/// the leading side to the previous one, and sends `.valueChanged` (then `.touchUpInside`) when the page
/// changed. Setting ``currentPage`` from code sends nothing.
@MainActor
open class UIPageControl: UIControl {
    /// The number of pages, `0` by default (negative values count as 0).
    open var numberOfPages: Int {
        get { storedPages }
        set {
            storedPages = max(newValue, 0)
            currentPage = storedCurrent
        }
    }

    /// The current page, `0` by default, pinned to `0..<numberOfPages`.
    open var currentPage: Int {
        get { storedCurrent }
        set { storedCurrent = min(max(newValue, 0), max(storedPages - 1, 0)) }
    }

    /// Whether the control hides itself when there is only one page (`false` by default).
    open var hidesForSinglePage = false

    /// Notes which side of the centre the touch lifted on.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        liftedForward = touch.map { $0.location(in: self).x >= bounds.midX }
    }

    // MARK: - Internal

    /// A tap moves one page: `.valueChanged` when the page changed, then the touch-up events.
    override func sendTouchUp(inside: Bool) {
        if inside, let forward = liftedForward {
            let before = storedCurrent
            currentPage = before + (forward ? 1 : -1)
            if storedCurrent != before { sendActions(for: .valueChanged) }
        }
        liftedForward = nil
        super.sendTouchUp(inside: inside)
    }

    // MARK: - Private

    private var storedPages = 0
    private var storedCurrent = 0
    private var liftedForward: Bool?
}
