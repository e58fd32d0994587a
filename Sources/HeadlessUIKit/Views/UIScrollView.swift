import Foundation

/// A view whose content moves under its bounds: ``contentOffset`` *is* `bounds.origin`, so subviews move
/// by the offset with no special case, and the view clips to its bounds by default.
///
/// Every offset change calls the delegate's `scrollViewDidScroll` and marks the scroll view for layout (as
/// UIKit does, which is how table views recycle cells while scrolling). A finger drags it through
/// ``panGestureRecognizer`` (``Headless/drag(from:to:in:steps:duration:timestamp:)``);
/// ``Headless/drag(_:by:duration:decelerate:)`` drives a drag directly. Both run in `RunLoop.Mode.tracking`.
@MainActor
open class UIScrollView: UIView {
    /// Creates a scroll view; it clips to its bounds.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        installGestureRecognizers()
    }

    /// Creates a scroll view from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
        installGestureRecognizers()
    }

    // MARK: - Touches

    /// The scroll view's pan: a finger that moves 10 points drags the content, and, on beginning, cancels
    /// the touches of the content views under it (which a control hears as `.touchCancel`).
    open var panGestureRecognizer: UIPanGestureRecognizer { pan }

    /// Whether content touches wait 150 ms to see whether the finger drags (default `true`).
    open var delaysContentTouches = true
    /// Whether a drag may take over touches the content already tracks (default `true`); when `false`, the
    /// scroll view does not scroll once a content view has the touch.
    open var canCancelContentTouches = true

    /// Whether the content view `view` may receive touches that began in it. Default `true`.
    /// - Parameters:
    ///   - touches: The touches that began.
    ///   - event: The event.
    ///   - view: The content view hit by the touches.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        true
    }

    /// Whether a drag may cancel the touches the content view `view` tracks and scroll. Default: `true`,
    /// except for a ``UIControl`` (a button keeps its touch and the scroll view does not scroll).
    /// - Parameters:
    ///   - view: The content view tracking the touches.
    open func touchesShouldCancel(in view: UIView) -> Bool {
        !(view is UIControl)
    }

    /// The scroll view's own pan begins only when scrolling is enabled and, if a content view already
    /// tracks the touch, the scroll view may cancel it (``canCancelContentTouches``,
    /// ``touchesShouldCancel(in:)``).
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer about to begin.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === pan else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        guard isScrollEnabled else { return false }
        for touch in pan.trackedTouches where touch.viewHasBegun && !touch.isCancelledForView {
            guard let view = touch.view, view !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    /// Receives scrolling.
    open weak var delegate: (any UIScrollViewDelegate)?

    /// The point of the content shown at the top-left corner: `bounds.origin`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// Sets the content offset (animation is not modelled: the offset changes at once).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// The size of the content.
    open var contentSize = CGSize.zero
    /// Extra scrollable space around the content.
    open var contentInset = UIEdgeInsets.zero
    /// The insets in effect (HeadlessUIKit has no safe area, so ``contentInset``).
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// Whether the user can scroll.
    open var isScrollEnabled = true

    /// Whether a finger is down on the scroll view.
    open internal(set) var isTracking = false
    /// Whether the user is dragging the content.
    open internal(set) var isDragging = false
    /// Whether the content is moving after the finger lifted.
    open internal(set) var isDecelerating = false

    /// Setting the bounds' origin scrolls: the delegate hears of it and the view is marked for layout.
    open override var bounds: CGRect {
        didSet {
            guard oldValue.origin != bounds.origin else { return }
            setNeedsLayout()
            delegate?.scrollViewDidScroll(self)
        }
    }

    // MARK: - Internal

    private let pan = ScrollViewPanGestureRecognizer()
    private let delayedTouches = ScrollViewDelayedTouchesRecognizer()

    private func installGestureRecognizers() {
        pan.scrollView = self
        delayedTouches.scrollView = self
        Headless.addAction(to: pan) { recognizer in
            (recognizer as? ScrollViewPanGestureRecognizer)?.handlePan()
        }
        addGestureRecognizer(delayedTouches)
        addGestureRecognizer(pan)
    }

    /// The offsets the content can rest at, from the top-left inset to the bottom-right end.
    var contentOffsetRange: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(x: max(minimum.x, contentSize.width + inset.right - bounds.width),
                              y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
        return (minimum, maximum)
    }
}
