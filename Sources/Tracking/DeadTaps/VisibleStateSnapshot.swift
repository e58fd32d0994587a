#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What is visible in a window's scene at one moment, recorded so that a later moment can be compared with
/// it exactly: the judge of dead taps (see `docs/design/visible-change.md`).
///
/// ``capture(around:)`` records every visible window of the touched window's scene (the debug overlay's
/// left out) and, breadth-first, every visible view in them, as ``VisibleViewRecord``s. ``isUnchanged()``
/// walks the same windows again and compares view by view, stopping at the first difference, without
/// recording a second snapshot. "Visible" is the scanner's rule without occlusion: a view counts when it
/// and its ancestors are not hidden, the product of their alphas is above 0 and at least `minimumAlpha`,
/// its geometry is finite and its window-space rectangle survives clipping by its `clipsToBounds`
/// ancestors and its window. Occlusion is left out on purpose (a change under a cover still counts as a
/// change): a dead tap must never be reported when something may have changed.
///
/// Buffers are reused: once they have grown to the hierarchy, a capture and a comparison allocate nothing
/// in HeadlessUIKit. The snapshot holds no views (only identities), its touched window weakly.
///
/// `package` rather than `internal` only so that `TapBenchmark` can time a judgement.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
package final class VisibleStateSnapshot {
    // MARK: - Internal

    /// - Parameter minimumAlpha: The alpha product below which a view is invisible (the tracker's).
    package init(minimumAlpha: Double) {
        self.minimumAlpha = minimumAlpha.isNaN ? 0.01 : min(max(minimumAlpha, 0), 1)
    }

    /// The records of the last capture (empty before the first or after ``clear()``).
    private(set) var records: ContiguousArray<VisibleViewRecord> = []
    /// How many views (windows included) the last walk read.
    package private(set) var viewsVisited = 0
    /// How many views (windows included) the last capture recorded as visible.
    package var recordCount: Int { records.count }

    /// Records what is visible now in `window`'s scene, replacing the last capture.
    /// - Parameter window: The touched window.
    package func capture(around window: UIWindow) {
        touchedWindow = window
        records.removeAll(keepingCapacity: true)
        var recorder = Recorder(records: records)
        records = []
        walk(around: window, into: &recorder)
        records = recorder.records
    }

    /// Whether what is visible now in the captured window's scene is exactly what was captured. `false` when
    /// the touched window is gone.
    package func isUnchanged() -> Bool {
        guard let window = touchedWindow else { return false }
        var comparer = Comparer(records: records)
        records = []
        let completed = walk(around: window, into: &comparer)
        let unchanged = completed && comparer.index == comparer.records.count
        records = comparer.records
        return unchanged
    }

    /// Forgets the capture, keeping the buffers.
    func clear() {
        records.removeAll(keepingCapacity: true)
        touchedWindow = nil
    }

    // MARK: - Private

    private let minimumAlpha: Double
    private weak var touchedWindow: UIWindow?
    /// The walk's queue of views, reused; each with the index of its superview's state in `states`.
    private var queue: ContiguousArray<Queued> = []
    /// Per walked view with subviews, in walk order, what its subviews inherit (the window's first).
    private var states: ContiguousArray<NodeState> = []
    /// The scene's windows, reused.
    private var windows: ContiguousArray<UIWindow> = []

    private struct Queued {
        let view: UIView
        let parent: Int32
    }

    private struct NodeState {
        let transform: WindowTransform
        let clip: ScanBox
        let alpha: Double
    }

    /// Receives the records of a walk; `false` stops it.
    private protocol Sink {
        mutating func accept(_ record: VisibleViewRecord) -> Bool
    }

    private struct Recorder: Sink {
        var records: ContiguousArray<VisibleViewRecord>

        mutating func accept(_ record: VisibleViewRecord) -> Bool {
            records.append(record)
            return true
        }
    }

    private struct Comparer: Sink {
        let records: ContiguousArray<VisibleViewRecord>
        var index = 0

        mutating func accept(_ record: VisibleViewRecord) -> Bool {
            guard index < records.count, records[index].showsSame(as: record) else { return false }
            index += 1
            return true
        }
    }

    /// Walks the visible windows of `window`'s scene, back to front, and their visible views in painting
    /// order, handing each record to `sink`.
    /// - Returns: `false` when the sink stopped the walk.
    @discardableResult
    private func walk<S: Sink>(around window: UIWindow, into sink: inout S) -> Bool {
        viewsVisited = 0
        windows.removeAll(keepingCapacity: true)
        if let scene = window.windowScene {
            for candidate in scene.windows where !candidate.isHidden && !(candidate is DebugOverlayWindow) {
                windows.append(candidate)
            }
        } else if !window.isHidden {
            windows.append(window)
        }
        defer {
            windows.removeAll(keepingCapacity: true)
            queue.removeAll(keepingCapacity: true)
            states.removeAll(keepingCapacity: true)
        }
        for window in windows {
            guard walk(window: window, into: &sink) else { return false }
        }
        return true
    }

    /// Walks one window breadth-first (in the order its views were most likely created, which keeps the
    /// walk's memory accesses close together), reading each view once.
    private func walk<S: Sink>(window: UIWindow, into sink: inout S) -> Bool {
        viewsVisited += 1
        let alpha = VisibilityScanner.clampedAlpha(window.alpha)
        guard alpha > 0, alpha >= minimumAlpha else { return true }
        let bounds = window.bounds
        let frame = WindowTransform.identity.boundingBox(of: bounds)
        guard frame.isFinite, !frame.isEmpty else { return true }
        let screenFrame = window.frame
        let record = VisibleViewRecord(
            view: ObjectIdentifier(window), parent: -1, flags: .window,
            frame: ScanBox(
                x0: Double(screenFrame.minX), y0: Double(screenFrame.minY),
                x1: Double(screenFrame.maxX), y1: Double(screenFrame.maxY)
            ),
            alpha: alpha, number: Double(window.windowLevel.rawValue), background: window.backgroundColor,
            image: nil, text: nil
        )
        guard sink.accept(record) else { return false }
        queue.removeAll(keepingCapacity: true)
        states.removeAll(keepingCapacity: true)
        enqueue(subviewsOf: window, state: NodeState(transform: .identity, clip: frame, alpha: alpha))
        var head = 0
        while head < queue.count {
            let queued = queue[head]
            head += 1
            viewsVisited += 1
            let view = queued.view
            guard !view.isHidden else { continue }
            let parent = states[Int(queued.parent)]
            let alpha = parent.alpha * VisibilityScanner.clampedAlpha(view.alpha)
            guard alpha > 0, alpha >= minimumAlpha else { continue }
            let bounds = view.bounds
            let transform = parent.transform.child(center: view.center, bounds: bounds, transform: view.transform)
            let frame = transform.boundingBox(of: bounds)
            guard frame.isFinite else { continue }
            let visible = frame.intersection(parent.clip)
            if !visible.isEmpty {
                var record = VisibleViewRecord(
                    view: ObjectIdentifier(view), parent: queued.parent, flags: [], frame: frame, alpha: alpha,
                    number: 0, background: view.backgroundColor, image: nil, text: nil
                )
                Self.describeContent(of: view, into: &record)
                guard sink.accept(record) else { return false }
            }
            let clip = view.clipsToBounds ? visible : parent.clip
            if !clip.isEmpty { enqueue(subviewsOf: view, state: NodeState(transform: transform, clip: clip, alpha: alpha)) }
        }
        return true
    }

    /// Queues the subviews back to front (painting order within each parent), with the state they inherit;
    /// a view without subviews stores no state.
    @inline(__always)
    private func enqueue(subviewsOf view: UIView, state: NodeState) {
        let subviews = view.subviews
        guard !subviews.isEmpty else { return }
        let index = Int32(truncatingIfNeeded: states.count)
        states.append(state)
        for subview in subviews {
            queue.append(Queued(view: subview, parent: index))
        }
    }

    /// Fills in what the kind of view shows beyond its geometry: text, title, value, state, image.
    private static func describeContent(of view: UIView, into record: inout VisibleViewRecord) {
        if let control = view as? UIControl {
            record.flags.insert(.control)
            if control.isEnabled { record.flags.insert(.enabled) }
            if control.isSelected { record.flags.insert(.selected) }
            if let button = control as? UIButton {
                // The title of the state without the highlight: the tap itself highlights the button.
                let state: UIControl.State = control.isEnabled ? (control.isSelected ? .selected : .normal) : .disabled
                record.text = button.title(for: state)
            } else if let toggle = control as? UISwitch {
                if toggle.isOn { record.flags.insert(.on) }
            } else if let slider = control as? UISlider {
                record.number = Double(slider.value)
            } else if let stepper = control as? UIStepper {
                record.number = stepper.value
            } else if let segments = control as? UISegmentedControl {
                record.number = Double(segments.selectedSegmentIndex)
            } else if let pages = control as? UIPageControl {
                record.number = Double(pages.currentPage)
            } else if let field = control as? UITextField {
                record.text = field.text
                if field.isEditing { record.flags.insert(.editing) }
            } else if let picker = control as? UIDatePicker {
                record.number = picker.date.timeIntervalSinceReferenceDate
            }
        } else if let label = view as? UILabel {
            record.flags.insert(.label)
            record.text = label.text
        } else if let imageView = view as? UIImageView {
            record.flags.insert(.imageView)
            record.image = imageView.image
            if imageView.isHighlighted { record.flags.insert(.imageHighlighted) }
        }
    }
}
