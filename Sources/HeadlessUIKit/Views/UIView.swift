import Foundation

/// A rectangular area in a window: the hierarchy, geometry and layout model of UIKit's `UIView`.
///
/// Behaviour follows UIKit (see `UIKIT-SEMANTICS.md`): hierarchy callbacks, `frame` derived from `center`,
/// `bounds.size` and `transform`, `bounds.origin` shifting the content, autoresizing, coalesced layout in
/// the update cycle, `hitTest(_:with:)` and coordinate conversion. HeadlessUIKit draws nothing.
///
/// - Note: UIKit raises `CALayerInvalidGeometry` for NaN positions. HeadlessUIKit stores NaN and infinite
///   geometry as given, so that code consuming views can be tested against it.
@MainActor
open class UIView: UIResponder {
    // MARK: - Storage

    private var storedCenter = CGPoint.zero
    private var storedBounds = CGRect.zero
    private var storedTransform = CGAffineTransform.identity
    nonisolated(unsafe) private var storedSubviews: [UIView] = []
    // Not `weak`: like UIKit's, these references do not retain and cost nothing to read. A weak reference
    // to every view with subviews would put each retain and release of those views on Swift's slow path.
    // They never dangle: a view leaving its superview or window clears them, and so does a dying superview
    // or window (see `deinit`).
    nonisolated(unsafe) private unowned(unsafe) var storedSuperview: UIView?
    nonisolated(unsafe) private unowned(unsafe) var storedWindow: UIWindow?
    /// The controller whose root view this is (UIKit's "view delegate"); weak, as the controller owns the view.
    weak var owningViewController: UIViewController?
    /// Whether `layoutSubviews()` must run in the next update cycle. New views need a first layout.
    var needsLayout = true
    /// The attached gesture recognizers, in the order they were added.
    private var storedGestureRecognizers: [UIGestureRecognizer] = []
    /// The layer, once asked for: most headless views never are, and pay nothing for it.
    private var storedLayer: CALayer?

    // MARK: - Creating views

    /// Creates a view with the given frame.
    public init(frame: CGRect) {
        super.init()
        self.frame = frame
    }

    /// Creates a view from an archive; HeadlessUIKit decodes nothing and returns an empty view.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    deinit {
        guard !storedSubviews.isEmpty else { return }
        if self is UIWindow {
            var stack = storedSubviews
            while let view = stack.popLast() {
                view.storedWindow = nil
                stack.append(contentsOf: view.storedSubviews)
            }
        }
        for subview in storedSubviews {
            subview.storedSuperview = nil
        }
        SubviewReaper.bury(&storedSubviews)
    }

    // MARK: - Appearance

    /// Whether the view is hidden. Hiding is inherited implicitly: descendants keep their own value.
    open var isHidden = false
    /// Opacity, `0...1`. Views below `0.01` take no touches.
    open var alpha: CGFloat = 1
    /// Whether the view declares itself fully opaque (a drawing hint; UIKit's default is `true`).
    open var isOpaque = true
    /// The background colour; `nil` is transparent.
    open var backgroundColor: UIColor?
    /// Whether subviews are clipped to the view's bounds.
    open var clipsToBounds = false
    /// Whether the view takes touches.
    open var isUserInteractionEnabled = true
    /// An integer that identifies the view, for ``viewWithTag(_:)``.
    open var tag = 0
    /// The view's Core Animation layer (HeadlessUIKit keeps its border styling; created on first use).
    open var layer: CALayer {
        if let storedLayer { return storedLayer }
        let layer = CALayer()
        storedLayer = layer
        return layer
    }

    // MARK: - Accessibility

    /// Whether the view and its descendants are hidden from assistive technologies.
    open var accessibilityElementsHidden = false
    /// Whether the view is itself an accessibility element.
    open var isAccessibilityElement = false
    /// An identifier for UI tests.
    open var accessibilityIdentifier: String?
    /// A localized label for assistive technologies.
    open var accessibilityLabel: String?

    // MARK: - Geometry

    /// The view's rectangle in its superview's coordinates, derived from ``center``, `bounds.size` and
    /// ``transform`` (the bounding box of the transformed bounds when the transform is not the identity).
    /// Setting it sets ``center`` and, with an identity transform, `bounds.size`.
    open var frame: CGRect {
        get {
            let size = storedBounds.size
            if storedTransform.isIdentity {
                return CGRect(x: storedCenter.x - size.width / 2, y: storedCenter.y - size.height / 2,
                              width: size.width, height: size.height)
            }
            let local = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            return local.applying(storedTransform).offsetBy(dx: storedCenter.x, dy: storedCenter.y)
        }
        set {
            center = CGPoint(x: newValue.origin.x + newValue.size.width / 2, y: newValue.origin.y + newValue.size.height / 2)
            if storedTransform.isIdentity {
                bounds.size = newValue.size
            }
        }
    }

    /// The view's own coordinate space. Its origin shifts the content (a scroll view's `contentOffset`);
    /// a size change marks the view for layout and autoresizes its subviews.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            let oldSize = storedBounds.size
            storedBounds = newValue
            if oldSize != newValue.size {
                boundsSizeDidChange(from: oldSize)
            }
        }
    }

    /// The centre of ``frame``, in the superview's coordinates.
    open var center: CGPoint {
        get { storedCenter }
        set { storedCenter = newValue }
    }

    /// The transform applied around ``center``.
    open var transform: CGAffineTransform {
        get { storedTransform }
        set { storedTransform = newValue }
    }

    /// How the view resizes when its superview's bounds size changes.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether a bounds size change resizes the subviews by their ``autoresizingMask``.
    open var autoresizesSubviews = true

    // MARK: - Hierarchy

    /// The superview, or `nil`.
    open var superview: UIView? { storedSuperview }
    /// The subviews, back to front.
    open var subviews: [UIView] { storedSubviews }
    /// The window the view is in, or `nil`.
    open var window: UIWindow? { storedWindow }

    /// Adds `view` on top of the subviews (moving it to the top if it is already a subview).
    open func addSubview(_ view: UIView) {
        insert(view, at: storedSubviews.count)
    }

    /// Inserts `view` at `index` in ``subviews`` (clamped to the valid range).
    open func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview`, or on top when that is not a subview.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        let index = storedSubviews.firstIndex(of: siblingSubview).map { $0 + 1 } ?? storedSubviews.count
        insert(view, at: index)
    }

    /// Inserts `view` just below `siblingSubview`, or on top when that is not a subview.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        insert(view, at: storedSubviews.firstIndex(of: siblingSubview) ?? storedSubviews.count)
    }

    /// Moves a subview to the top.
    open func bringSubviewToFront(_ view: UIView) {
        guard let index = storedSubviews.firstIndex(of: view) else { return }
        storedSubviews.append(storedSubviews.remove(at: index))
    }

    /// Moves a subview to the bottom.
    open func sendSubviewToBack(_ view: UIView) {
        guard let index = storedSubviews.firstIndex(of: view) else { return }
        storedSubviews.insert(storedSubviews.remove(at: index), at: 0)
    }

    /// Swaps two subviews' positions.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard storedSubviews.indices.contains(index1), storedSubviews.indices.contains(index2) else { return }
        storedSubviews.swapAt(index1, index2)
    }

    /// Removes the view from its superview (and from its window).
    open func removeFromSuperview() {
        guard let superview = storedSuperview else { return }
        let oldWindow = storedWindow
        let transition = oldWindow == nil ? nil : UIViewController.viewHierarchyWillMove(self, from: oldWindow, to: nil)
        superview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil {
            forEachInSubtree { $0.willMove(toWindow: nil) }
        }
        superview.storedSubviews.removeAll { $0 === self }
        storedSuperview = nil
        if oldWindow != nil {
            forEachInSubtree { view in
                view.storedWindow = nil
                view.didMoveToWindow()
            }
        }
        didMoveToSuperview()
        superview.setNeedsLayout()
        transition?.finish()
    }

    /// Whether the view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.storedSuperview
        }
        return false
    }

    /// The view itself or the first descendant (breadth-first) with this tag.
    open func viewWithTag(_ tag: Int) -> UIView? {
        var queue: [UIView] = [self]
        var index = 0
        while index < queue.count {
            let view = queue[index]
            if view.tag == tag { return view }
            queue.append(contentsOf: view.storedSubviews)
            index += 1
        }
        return nil
    }

    // MARK: - Hierarchy callbacks

    /// Called before the superview changes.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the superview changed.
    open func didMoveToSuperview() {}
    /// Called on every view of a subtree before it joins or leaves a window.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called on every view of a subtree after it joined or left a window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: - Layout

    /// Marks the view for layout in the next update cycle and returns at once. Several calls coalesce.
    open func setNeedsLayout() {
        needsLayout = true
        if storedWindow != nil {
            UpdateCycle.shared.schedule()
        }
    }

    /// Lays out the view's subtree now, where anything is pending; otherwise does nothing.
    open func layoutIfNeeded() {
        layoutSubtreeIfNeeded()
    }

    /// Lays out subviews. The default does nothing (there is no Auto Layout here); override it.
    open func layoutSubviews() {}

    // MARK: - Converting coordinates

    /// Converts a point from the receiver's coordinates to `view`'s; `nil` means window coordinates (or the
    /// root view's, when the receiver is in no window).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        convertPoint(point, to: view)
    }

    /// Converts a point from `view`'s coordinates (window coordinates for `nil`) to the receiver's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        convertPoint(point, from: view)
    }

    /// Converts a rectangle from the receiver's coordinates to `view`'s (window coordinates for `nil`).
    /// Under rotation the result is the bounding box of the converted corners, as in UIKit.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        convertRect(rect, to: view)
    }

    /// Converts a rectangle from `view`'s coordinates (window coordinates for `nil`) to the receiver's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        convertRect(rect, from: view)
    }

    // MARK: - Hit testing

    /// The farthest descendant containing `point` (in the receiver's coordinates) that takes touches:
    /// hidden views, views that are not user-interactive and views with alpha below 0.01 are skipped, and
    /// nothing is returned for a point outside the receiver. Front-most subviews are tried first.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in storedSubviews.reversed() {
            if let hit = subview.hitTest(convert(point, to: subview), with: event) {
                return hit
            }
        }
        return self
    }

    /// Whether `point` (in the receiver's coordinates) is inside its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: - Gesture recognizers

    /// The gesture recognizers attached to the view, in the order they were added; `nil` when there are
    /// none. Setting it replaces them.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { storedGestureRecognizers.isEmpty ? nil : storedGestureRecognizers }
        set {
            for recognizer in storedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a gesture recognizer: it receives the touches hit-tested to the view and its subviews,
    /// before the view does. A recognizer attached to another view moves here, as in UIKit.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer to attach; the view keeps it.
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.attachedView === self { return }
        gestureRecognizer.attachedView?.removeGestureRecognizer(gestureRecognizer)
        storedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.attachedView = self
    }

    /// Detaches a gesture recognizer; a gesture in progress is cancelled.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer to detach.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.attachedView === self else { return }
        GestureEnvironment.shared.recognizerWasDetached(gestureRecognizer)
        storedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.attachedView = nil
    }

    /// Asked when a recognizer attached to this view or to an ancestor is about to leave the possible
    /// state; `false` makes it fail. The default returns `true`.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer about to begin.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    // MARK: - Responder chain

    /// The view's controller if this is its root view, otherwise the superview.
    open override var next: UIResponder? {
        owningViewController ?? storedSuperview
    }

    /// `<Type: 0x…; frame = (x y; w h)>`, like UIKit (the frame only when read on the main thread).
    nonisolated open override var description: String {
        let address = String(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), radix: 16)
        guard Thread.isMainThread else { return "<\(type(of: self)): 0x\(address)>" }
        let frame = MainActor.assumeIsolated { self.frame }
        return "<\(type(of: self)): 0x\(address); frame = (\(frame.origin.x) \(frame.origin.y); \(frame.size.width) \(frame.size.height))>"
    }

    // MARK: - Internal

    /// Runs `body` on every view of the subtree, parents before children, without recursion (hierarchies
    /// can be very deep).
    func forEachInSubtree(_ body: (UIView) -> Void) {
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            body(view)
            stack.append(contentsOf: view.storedSubviews.reversed())
        }
    }

    /// Lays out every marked view of the subtree, parents first; a layout that marks subviews has them laid
    /// out in the same pass. A controller's root view is wrapped in its layout callbacks.
    func layoutSubtreeIfNeeded() {
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            if view.needsLayout {
                view.needsLayout = false
                let controller = view.owningViewController
                controller?.viewWillLayoutSubviews()
                view.layoutSubviews()
                controller?.viewDidLayoutSubviews()
            }
            stack.append(contentsOf: view.storedSubviews.reversed())
        }
    }

    // MARK: - Private

    private func insert(_ view: UIView, at index: Int) {
        if view === self || (!view.storedSubviews.isEmpty && isDescendant(of: view)) {
            HeadlessDiagnostics.report("Can't add \(view) as a subview of its own descendant \(self); ignored (UIKit raises).")
            return
        }
        if view.storedSuperview === self {
            storedSubviews.removeAll { $0 === view }
            storedSubviews.insert(view, at: min(max(index, 0), storedSubviews.count))
            return
        }
        let oldSuperview = view.storedSuperview
        let oldWindow = view.storedWindow
        let newWindow = window
        let windowChanges = oldWindow !== newWindow
        let transition = windowChanges ? UIViewController.viewHierarchyWillMove(view, from: oldWindow, to: newWindow) : nil
        view.willMove(toSuperview: self)
        if windowChanges {
            view.forEachInSubtree { $0.willMove(toWindow: newWindow) }
        }
        if let oldSuperview {
            oldSuperview.willRemoveSubview(view)
            oldSuperview.storedSubviews.removeAll { $0 === view }
            oldSuperview.setNeedsLayout()
        }
        storedSubviews.insert(view, at: min(max(index, 0), storedSubviews.count))
        view.storedSuperview = self
        if windowChanges {
            view.forEachInSubtree { subview in
                subview.storedWindow = newWindow
                subview.didMoveToWindow()
            }
        }
        view.didMoveToSuperview()
        didAddSubview(view)
        setNeedsLayout()
        if windowChanges, newWindow != nil, view.subtreeNeedsLayout {
            UpdateCycle.shared.schedule()
        }
        transition?.finish()
    }

    private var subtreeNeedsLayout: Bool {
        var found = false
        forEachInSubtree { found = found || $0.needsLayout }
        return found
    }

    private func boundsSizeDidChange(from oldSize: CGSize) {
        setNeedsLayout()
        guard autoresizesSubviews else { return }
        for subview in storedSubviews where !subview.autoresizingMask.isEmpty {
            subview.autoresize(superviewSizeChangedFrom: oldSize, to: storedBounds.size)
        }
    }

    private func autoresize(superviewSizeChangedFrom oldSize: CGSize, to newSize: CGSize) {
        let mask = autoresizingMask
        let frame = self.frame
        let (x, width) = Self.resize(
            origin: frame.minX, length: frame.width, oldLength: oldSize.width, newLength: newSize.width,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let (y, height) = Self.resize(
            origin: frame.minY, length: frame.height, oldLength: oldSize.height, newLength: newSize.height,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        self.frame = CGRect(x: x, y: y, width: width, height: height)
    }

    /// Shares the superview's change in length among the flexible parts (leading margin, length, trailing
    /// margin) in proportion to their current sizes, or equally when those are all zero.
    private static func resize(origin: CGFloat, length: CGFloat, oldLength: CGFloat, newLength: CGFloat,
                               flexible: (leading: Bool, length: Bool, trailing: Bool)) -> (CGFloat, CGFloat) {
        let delta = newLength - oldLength
        let parts = [flexible.leading ? max(origin, 0) : 0, flexible.length ? max(length, 0) : 0,
                     flexible.trailing ? max(oldLength - origin - length, 0) : 0]
        let flexibleCount = [flexible.leading, flexible.length, flexible.trailing].filter { $0 }.count
        guard delta != 0, flexibleCount > 0 else { return (origin, length) }
        let total = parts.reduce(0, +)
        func share(_ index: Int, _ isFlexible: Bool) -> CGFloat {
            guard isFlexible else { return 0 }
            return total > 0 ? delta * parts[index] / total : delta / CGFloat(flexibleCount)
        }
        return (origin + share(0, flexible.leading), length + share(1, flexible.length))
    }
}
