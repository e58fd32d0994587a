#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Turns the taps that the tracker's passive recognizers observe into ``TrackingEventKind/tap`` and
/// ``TrackingEventKind/rageTap`` events, without a scan, and hands judged taps to the ``DeadTapDetector``.
///
/// ## Attribution
/// The touch itself proves what was in front at its point: UIKit hit-tested it there. A tap goes to the
/// tracked element a ``TapTargetFinder`` finds from the touch's hit-test view (the front-most tracked view
/// under the finger that takes no touches, such as a SwiftUI anchor or a plain label, else the hit-test view
/// or its nearest tracked ancestor), on the screen the ``ScreenRule`` gives it, in O(depth), whatever the
/// number of views. Nothing is attributed while the app is in the background, in a window with a
/// view-controller transition in flight (its frames already show a state the person may never see), or when
/// nothing tracked is under the finger.
///
/// ## After the tap
/// An attributed tap is recorded (`Element Tapped`, with its ``TrackingTapPosition``), then handed on, in one
/// place (``handOn(_:)``), as a ``CapturedTap``: the rage-tap check runs there, and any other judgement of a
/// tap joins it there.
///
/// ## Recognizers
/// While the tracker runs, each window its scans walk carries one ``TapCaptureRecognizer`` of the capture's
/// (``adopt(_:)``, called with the scan's own window list, allocates nothing once every window has one);
/// a window that leaves the scan (hidden, gone, its scene disconnected) loses it at the next scan, and
/// ``stop()`` or the capture's release takes every one off. A window holds its recognizer, the recognizer
/// holds the capture weakly, and the capture holds windows weakly: nothing keeps anything alive.
///
/// ## Time
/// Event timestamps and rage-tap windows come from the tracker's ``TrackingClock`` (a manual clock in
/// tests), so taps interleave with scans in real order. Whether a touch sequence was a tap at all is
/// decided by its recognizer on the touches' own timestamps, by the ``TapRule``.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class TapCapture {
    // MARK: - Internal

    /// - Parameters:
    ///   - store: Where the components are.
    ///   - minimumAlpha: The alpha product below which an element is not seen (the scanner's).
    ///   - transitions: Tells which windows have a transition in flight.
    ///   - clock: The source of timestamps and rage-tap windows.
    ///   - rageTapCount: Taps within `rageTapInterval` that make a rage tap.
    ///   - rageTapInterval: Seconds within which they must come.
    ///   - rageTapRadius: Points from a burst's first tap within which they must land.
    ///   - deadTapInterval: Seconds within which something visible must change after a tap on an interactive
    ///     element, or `nil` when dead taps are off (then nothing is snapshotted or allocated for them).
    ///   - deliver: Hands an event, with the window its tap landed in, to the tracker's delivery path.
    init(
        store: TrackingComponentStore, minimumAlpha: Double, transitions: TransitionMonitor, clock: any TrackingClock,
        rageTapCount: Int, rageTapInterval: TimeInterval, rageTapRadius: Double, deadTapInterval: TimeInterval? = nil,
        deliver: @escaping @MainActor (TrackingEvent, UIWindow?) -> Void
    ) {
        finder = TapTargetFinder(store: store, minimumAlpha: minimumAlpha)
        self.transitions = transitions
        self.clock = clock
        self.deliver = deliver
        rageTaps = RageTapDetector(count: rageTapCount, interval: rageTapInterval, radius: rageTapRadius)
        deadTaps = deadTapInterval.map { DeadTapDetector(interval: $0, minimumAlpha: minimumAlpha, deliver: deliver) }
    }

    /// Judges taps on interactive elements for dead taps; `nil` when dead taps are off.
    let deadTaps: DeadTapDetector?

    /// The views the last tap's attribution looked at (its main-thread cost, as a count).
    var viewsVisitedByLastTap: Int { finder.viewsVisited }

    /// Records a tap whose touch was hit-tested to `hitView` in `window`, the finger down at `point`
    /// (window coordinates): an ``TrackingEventKind/tap`` for the element it is attributed to, then hands
    /// it on (``handOn(_:)``). Records nothing when the tap is not attributed.
    func recordTap(on hitView: UIView, in window: UIWindow, at point: CGPoint) {
        deadTaps?.tapSeen()
        guard UIApplication.shared.applicationState != .background, !transitions.isInTransition(window),
              let target = finder.findTarget(hitView: hitView, window: window, point: point) else { return }
        let tap = CapturedTap(
            hitView: hitView, window: window, trackedView: target.view, element: target.element,
            screen: target.screen, position: target.position, instant: clock.now()
        )
        deliver(event(.tap, for: tap), window)
        handOn(tap)
    }

    /// Where every recorded tap goes on from, once its `Element Tapped` is delivered: the one place for what
    /// follows a tap.
    func handOn(_ tap: CapturedTap) {
        // One rule for both: a control that answers repeated taps itself shows its own feedback.
        let answersRepeatedTaps = SelfFeedbackControl.answersRepeatedTaps(tap)
        recordRageTap(after: tap, answersRepeatedTaps: answersRepeatedTaps)
        deadTaps?.tapRecorded(tap, answersRepeatedTaps: answersRepeatedTaps, event: event(.deadTap, for: tap))
    }

    /// A followed touch came down on `hitView` in `window` (before the view or any app recognizer acts on
    /// it): the dead-tap judge records what the scene shows, when dead taps are on.
    func touchBegan(on hitView: UIView, in window: UIWindow) {
        guard let deadTaps, UIApplication.shared.applicationState != .background else { return }
        deadTaps.touchBegan(on: hitView, in: window)
    }

    /// Settles a pending dead-tap check whose interval has ended (called at each of the tracker's scans).
    func judgeDeadTaps() {
        guard let deadTaps, deadTaps.hasPendingCheck else { return }
        deadTaps.judge(at: clock.now().uptime)
    }

    /// When the pending dead-tap check can be settled (uptime seconds on the tracker's clock), or `nil`.
    var deadTapJudgementDue: TimeInterval? {
        deadTaps?.judgementDue
    }

    /// An event of `kind` about the tap's element and screen, carrying its position.
    func event(_ kind: TrackingEventKind, for tap: CapturedTap, properties: TrackingProperties = [:]) -> TrackingEvent {
        var properties = properties
        tap.position?.write(into: &properties)
        // The finger proves the element was in front at its point; taps carry no measured ratio.
        return TrackingEvent(
            timestamp: tap.instant.date, kind: kind, element: tap.element, screen: tap.screen, visibleRatio: 1,
            eventProperties: properties
        )
    }

    deinit {
        // A released tracker leaves no recognizer behind. UIKit objects are main-thread only: a tracker
        // released elsewhere (it is Sendable) hands them to the main queue.
        let recognizers = RecognizersToRemove(installations.map(\.recognizer))
        if Thread.isMainThread {
            MainActor.assumeIsolated { recognizers.removeAll() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { recognizers.removeAll() } }
        }
    }

    /// Puts one passive recognizer on each of `windows` that has none of the capture's, and takes it off
    /// every window no longer among them (or no longer alive). Allocates nothing when nothing changes.
    /// - Parameter windows: The windows the tracker scans.
    func adopt<Windows: Collection<UIWindow>>(_ windows: Windows) {
        var index = 0
        while index < installations.count {
            let installation = installations[index]
            if let window = installation.window, installation.recognizer.view === window,
               windows.contains(where: { $0 === window }) {
                index += 1
            } else {
                Self.detach(installation.recognizer)
                installations.remove(at: index)
            }
        }
        for window in windows where !installations.contains(where: { $0.window === window }) {
            let recognizer = TapCaptureRecognizer()
            recognizer.configure(for: self)
            window.addGestureRecognizer(recognizer)
            installations.append(Installation(window: window, recognizer: recognizer))
        }
    }

    /// Stops capturing: takes every recognizer off its window and forgets the current rage-tap burst.
    func stop() {
        for installation in installations { Self.detach(installation.recognizer) }
        installations.removeAll()
        rageTaps.reset()
        deadTaps?.cancel()
    }

    /// The windows that carry one of the capture's recognizers now.
    var windowsWithRecognizers: [UIWindow] {
        installations.compactMap { installation in
            installation.window.flatMap { installation.recognizer.view === $0 ? $0 : nil }
        }
    }

    // MARK: - Private

    /// One window's recognizer.
    private struct Installation {
        weak var window: UIWindow?
        let recognizer: TapCaptureRecognizer
    }

    /// Recognizers to take off their views on the main thread, from the capture's `deinit`.
    private final class RecognizersToRemove: @unchecked Sendable {
        // Touched only on the main thread (in `removeAll()`); the box only carries them there.
        private let recognizers: [TapCaptureRecognizer]

        init(_ recognizers: [TapCaptureRecognizer]) {
            self.recognizers = recognizers
        }

        @MainActor
        func removeAll() {
            for recognizer in recognizers { TapCapture.detach(recognizer) }
        }
    }

    /// Takes `recognizer` off its view, if it still has one.
    private static func detach(_ recognizer: TapCaptureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
    }

    private var installations: ContiguousArray<Installation> = []

    private var finder: TapTargetFinder
    private let transitions: TransitionMonitor
    private let clock: any TrackingClock
    private let deliver: @MainActor (TrackingEvent, UIWindow?) -> Void
    private var rageTaps: RageTapDetector

    /// Records a ``TrackingEventKind/rageTap`` when the tap completes its burst's rage tap. Taps on controls
    /// that answer repeated taps themselves neither count nor end a burst.
    private func recordRageTap(after tap: CapturedTap, answersRepeatedTaps: Bool) {
        guard !answersRepeatedTaps,
              let tapCount = rageTaps.registerTap(on: tap.subject, at: tap.instant.uptime, x: tap.position?.x, y: tap.position?.y)
        else { return }
        deliver(event(.rageTap, for: tap, properties: [TrackingEvent.tapCountKey: .int(tapCount)]), tap.window)
    }
}
