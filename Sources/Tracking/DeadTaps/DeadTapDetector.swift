#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Finds dead taps: a tap on an interactive element after which nothing visible changes within the
/// interval (see `docs/design/visible-change.md`).
///
/// ## When
/// At touch down (``touchBegan(on:in:)``), before the touched view or any app recognizer has acted on the
/// touch, a touch on an ``InteractiveTarget`` records a ``VisibleStateSnapshot`` of its window's scene:
/// the state the person saw before pressing. Taking it at touch down rather than at the tap keeps press
/// effects (a highlight, a scale on `.touchDown` undone on touch up) out of the judgement. When that
/// touch becomes an attributed tap (``tapRecorded(_:event:)``) that is judged, a check begins; any later
/// tap cancels the pending one first (a second tap before the interval ends). The check is settled by the
/// tracker's first scan at or after `interval` on the tracker's clock (``judge(at:)``): if the scene
/// shows exactly what it showed at touch down, the tap's `Dead Tap` event (built at the tap, with its
/// timestamp and position) is delivered. Moving to the background or stopping cancels the check.
///
/// ## Not judged
/// Taps on SwiftUI anchors (SwiftUI draws its changes inside one hosting view, which the snapshot cannot
/// see into), on controls that answer repeated taps themselves (``SelfFeedbackControl``: the tap's effect
/// is the control's own feedback) and on anything not interactive.
///
/// ## Cost
/// Created only when dead taps are on: the capture then holds `nil` and does no work. Two snapshots are
/// kept and swapped, so a judgement allocates nothing once their buffers have grown.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class DeadTapDetector {
    // MARK: - Internal

    /// Seconds after the tap within which something visible must change.
    let interval: TimeInterval

    /// - Parameters:
    ///   - interval: Seconds after the tap within which something visible must change.
    ///   - minimumAlpha: The alpha product below which a view is invisible (the tracker's).
    ///   - deliver: Hands a `Dead Tap` event, with the window tapped, to the tracker's delivery path.
    init(interval: TimeInterval, minimumAlpha: Double, deliver: @escaping @MainActor (TrackingEvent, UIWindow?) -> Void) {
        self.interval = interval
        self.deliver = deliver
        pressed = VisibleStateSnapshot(minimumAlpha: minimumAlpha)
        pending = VisibleStateSnapshot(minimumAlpha: minimumAlpha)
    }

    /// Whether a check is waiting for its interval to end.
    var hasPendingCheck: Bool { pendingEvent != nil }

    /// A touch came down on `hitView` in `window`: records what the scene shows when the touch promises a
    /// reaction, else forgets the last touch's record.
    func touchBegan(on hitView: UIView, in window: UIWindow) {
        if InteractiveTarget.isInteractive(hitView: hitView) {
            pressed.capture(around: window)
            pressedHitView = ObjectIdentifier(hitView)
        } else {
            pressedHitView = nil
        }
    }

    /// A tap was seen (attributed or not): any pending check ends without a verdict.
    func tapSeen() {
        cancel()
    }

    /// An attributed tap was recorded: starts its check when it is judged.
    /// - Parameters:
    ///   - tap: The tap.
    ///   - answersRepeatedTaps: Whether it hit a control that answers taps itself (``SelfFeedbackControl``):
    ///     not judged.
    ///   - event: Its `Dead Tap` event, delivered if nothing changes.
    func tapRecorded(_ tap: CapturedTap, answersRepeatedTaps: Bool, event: @autoclosure () -> TrackingEvent) {
        guard let pressedHitView, pressedHitView == ObjectIdentifier(tap.hitView) else { return }
        self.pressedHitView = nil
        guard !(tap.trackedView is TrackingAnchorView), !answersRepeatedTaps else { return }
        swap(&pressed, &pending)
        pendingEvent = event()
        pendingUptime = tap.instant.uptime
        pendingWindow = tap.window
    }

    /// Settles the pending check when its interval has ended by `uptime` (the tracker's clock).
    func judge(at uptime: TimeInterval) {
        guard let event = pendingEvent, uptime - pendingUptime >= interval - Self.tolerance else { return }
        let unchanged = pending.isUnchanged()
        let window = pendingWindow
        cancel()
        if unchanged { deliver(event, window) }
    }

    /// When the pending check's interval ends (uptime seconds on the tracker's clock), or `nil` without one.
    var judgementDue: TimeInterval? {
        pendingEvent == nil ? nil : pendingUptime + interval
    }

    /// Drops the pending check and the touch's record.
    func cancel() {
        pendingEvent = nil
        pendingWindow = nil
        pending.clear()
    }

    // MARK: - Private

    /// Clock readings are sums of doubles: a scan exactly `interval` after the tap must judge it.
    private static let tolerance: TimeInterval = 1e-9

    private let deliver: @MainActor (TrackingEvent, UIWindow?) -> Void
    /// What the scene showed at the last interactive touch down.
    private var pressed: VisibleStateSnapshot
    /// What the scene showed at the pending tap's touch down.
    private var pending: VisibleStateSnapshot
    /// The hit-test view of the last interactive touch down (identity only).
    private var pressedHitView: ObjectIdentifier?
    private var pendingEvent: TrackingEvent?
    private var pendingUptime: TimeInterval = 0
    /// The window of the pending check's tap.
    private weak var pendingWindow: UIWindow?
}
