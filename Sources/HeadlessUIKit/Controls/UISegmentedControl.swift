import Foundation

/// A horizontal control of equal-width segments, each a title (or an image), at most one selected.
///
/// A touch that lifts inside a segment other than the selected one selects it and sends `.valueChanged`,
/// then `.touchUpInside`; lifting on the selected segment sends no value change. A momentary control
/// (``isMomentary``) sends `.valueChanged` for every segment lifted on and keeps no selection. Setting
/// ``selectedSegmentIndex`` from code sends nothing.
@MainActor
open class UISegmentedControl: UIControl {
    /// The ``selectedSegmentIndex`` of a control with no selected segment.
    public static let noSegment = -1

    /// Creates a control with a segment per item: a `String` is a title, a ``UIImage`` an image.
    /// - Parameter items: The segments' titles or images.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            segments.append(Segment(title: item as? String, image: item as? UIImage))
        }
        frame.size = CGSize(width: CGFloat(segments.count) * Self.segmentWidth, height: Self.height)
    }

    /// Creates an empty control.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates a control from an archive; HeadlessUIKit decodes nothing.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Whether the control keeps no selection after a tap (`false` by default).
    open var isMomentary = false

    /// The number of segments.
    open var numberOfSegments: Int { segments.count }

    /// The selected segment, or ``noSegment``; out-of-range values are ignored.
    open var selectedSegmentIndex: Int {
        get { storedSelection }
        set {
            if newValue == Self.noSegment || segments.indices.contains(newValue) { storedSelection = newValue }
        }
    }

    /// Inserts a titled segment before `segment` (pinned to `0...numberOfSegments`).
    /// - Parameters:
    ///   - title: The title.
    ///   - segment: The index to insert at.
    ///   - animated: Whether to animate (HeadlessUIKit animates nothing).
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let index = min(max(segment, 0), segments.count)
        segments.insert(Segment(title: title, image: nil), at: index)
        if storedSelection >= index { storedSelection += 1 }
    }

    /// Removes a segment.
    /// - Parameters:
    ///   - segment: The index of the segment.
    ///   - animated: Whether to animate (HeadlessUIKit animates nothing).
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if storedSelection == segment {
            storedSelection = Self.noSegment
        } else if storedSelection > segment {
            storedSelection -= 1
        }
    }

    /// Removes every segment.
    open func removeAllSegments() {
        segments.removeAll()
        storedSelection = Self.noSegment
    }

    /// Sets a segment's title (ignored out of range).
    /// - Parameters:
    ///   - title: The title.
    ///   - segment: The index of the segment.
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
    }

    /// A segment's title.
    /// - Parameter segment: The index of the segment.
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets a segment's image (ignored out of range).
    /// - Parameters:
    ///   - image: The image.
    ///   - segment: The index of the segment.
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
    }

    /// A segment's image.
    /// - Parameter segment: The index of the segment.
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Enables or disables one segment.
    /// - Parameters:
    ///   - enabled: Whether the segment takes taps.
    ///   - segment: The index of the segment.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
    }

    /// Whether a segment takes taps.
    /// - Parameter segment: The index of the segment.
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Notes the segment under the touch.
    /// - Parameters:
    ///   - touch: The touch.
    ///   - event: The event.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        liftedSegment = touch.flatMap { segmentIndex(at: $0.location(in: self)) }
    }

    // MARK: - Internal

    /// Lifting on another enabled segment selects it: `.valueChanged`, then the touch-up events.
    override func sendTouchUp(inside: Bool) {
        if inside, let segment = liftedSegment, segments[segment].isEnabled {
            if isMomentary {
                sendActions(for: .valueChanged)
            } else if segment != storedSelection {
                storedSelection = segment
                sendActions(for: .valueChanged)
            }
        }
        liftedSegment = nil
        super.sendTouchUp(inside: inside)
    }

    // MARK: - Private

    private static let segmentWidth: CGFloat = 80
    private static let height: CGFloat = 32

    private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
    }

    private var segments: [Segment] = []
    private var storedSelection = UISegmentedControl.noSegment
    private var liftedSegment: Int?

    /// The segment whose equal share of the width holds `point`, if the point is within the bounds.
    private func segmentIndex(at point: CGPoint) -> Int? {
        guard !segments.isEmpty, bounds.width > 0, bounds.contains(point) else { return nil }
        let index = Int((point.x - bounds.minX) / (bounds.width / CGFloat(segments.count)))
        return min(max(index, 0), segments.count - 1)
    }
}
