#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// Turns the taps that the tracker's passive recognizers observe into ``TrackingEventKind/tap`` and
/// ``TrackingEventKind/rageTap`` events.
///
/// ## Attribution
/// A tap goes to the nearest view, from the touch's hit-test view up its superviews, that carries a
/// ``TrackingElement``. That view is then judged by a scan run at the moment of the tap, with the tracker's
/// scanner, thresholds and transition exclusion: the tap is attributed only when the scan finds the view
/// visible (not hidden, not transparent, not clipped or occluded below the ratio threshold), in a window
/// with no view-controller transition in flight, in a foreground scene; its screen is the one the scan
/// gives it. A verdict from the last scheduled scan would be up to a scan interval old (a cell that just
/// scrolled in, a sheet that just appeared); judging at tap time costs one scan per tap, a few per second
/// at most, and never runs per touch move. Nothing is attributed while the app is in the background.
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
/// decided by its recognizer on the touches' own timestamps.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class TapCapture {
    // MARK: - Internal

    /// - Parameters:
    ///   - scanner: The tracker's scanner, which judges the tapped view.
    ///   - exclusion: The windows the tracker's scans leave out (transitions in flight).
    ///   - clock: The source of timestamps and rage-tap windows.
    ///   - rageTapCount: Taps within `rageTapInterval` that make a rage tap.
    ///   - rageTapInterval: Seconds within which they must come.
    ///   - deliver: Hands an event to the tracker's delivery path.
    init(
        scanner: VisibilityScanner, exclusion: any WindowExclusion, clock: any TrackingClock,
        rageTapCount: Int, rageTapInterval: TimeInterval, deliver: @escaping @MainActor (TrackingEvent) -> Void
    ) {
        self.scanner = scanner
        self.exclusion = exclusion
        self.clock = clock
        self.deliver = deliver
        rageTaps = RageTapDetector(count: rageTapCount, interval: rageTapInterval)
    }

    /// Records a tap whose touch was hit-tested to `hitView`: an ``TrackingEventKind/tap`` for the element it
    /// is attributed to, then a ``TrackingEventKind/rageTap`` when that tap completes a burst's rage tap.
    /// Records nothing when the tap is not attributed.
    func recordTap(on hitView: UIView) {
        guard UIApplication.shared.applicationState != .background,
              let trackedView = Self.nearestTrackedView(from: hitView, in: scanner.store),
              let anchor = judge(trackedView), let element = anchor.element else { return }
        let instant = clock.now()
        let subject = TapSubject(element: element, screen: anchor.contextScreen)
        deliver(TrackingEvent(
            timestamp: instant.date, kind: .tap, element: element, screen: subject.screen, visibleRatio: anchor.visibleRatio
        ))
        guard let tapCount = rageTaps.registerTap(on: subject, at: instant.uptime) else { return }
        deliver(TrackingEvent(
            timestamp: instant.date, kind: .rageTap, element: element, screen: subject.screen,
            visibleRatio: anchor.visibleRatio, eventProperties: [TrackingEvent.tapCountKey: .int(tapCount)]
        ))
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
    }

    /// The windows that carry one of the capture's recognizers now.
    var windowsWithRecognizers: [UIWindow] {
        installations.compactMap { installation in
            installation.window.flatMap { installation.recognizer.view === $0 ? $0 : nil }
        }
    }

    /// The nearest view at or above `view` (by `superview`) that carries a ``TrackingElement``.
    static func nearestTrackedView(from view: UIView, in store: TrackingComponentStore) -> UIView? {
        var current: UIView? = view
        var depth = 0
        // Bounded like the scan: a hierarchy deeper than this is broken, not tapped.
        while let candidate = current, depth < maximumDepth {
            if store.element(for: candidate) != nil { return candidate }
            current = candidate.superview
            depth += 1
        }
        return nil
    }

    // MARK: - Private

    private static let maximumDepth = 4_096

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

    private let scanner: VisibilityScanner
    private let exclusion: any WindowExclusion
    private let clock: any TrackingClock
    private let deliver: @MainActor (TrackingEvent) -> Void
    private var rageTaps: RageTapDetector
    /// The tap-time scan's result, reused: a tap allocates no scan buffers once they have grown.
    private var scanResult = ScanResult()

    /// What a scan now makes of `view`, when it finds it visible at or above the ratio threshold.
    private func judge(_ view: UIView) -> ScanAnchor? {
        var observer = TapTargetObserver(target: view)
        scanResult.removeAll()
        scanner.scanConnectedScenes(into: &scanResult, observer: &observer, excluding: exclusion)
        guard let anchor = observer.anchor, anchor.visibleRatio > 0,
              anchor.visibleRatio >= scanner.minimumVisibleRatio else { return nil }
        return anchor
    }
}
