#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Draws what each scan judged over the scanned scenes: an outline per tracked element by verdict, the
/// visible screens' names and a badge of scan and delivery figures, and marks recorded taps where they
/// landed for a moment (see ``Tracker/showsDebugOverlay``).
///
/// It exists only while the overlay is on. The tracker's scan hands it the anchors it worked out (the same
/// values ``VisibilityReport`` is built from) and the recorder's spans; it changes nothing it reads.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class DebugOverlay {
    // MARK: - Internal

    /// What one scan gives the overlay to draw, besides its anchors.
    struct Scan {
        /// When the scan ran, on the tracker's clock (uptime seconds).
        var uptime: Double
        /// The scan's duration, in seconds.
        var duration: Double
        /// The scanner's ratio threshold (decides which anchors are visible, as the report does).
        var minimumVisibleRatio: Double
        /// The recorder's duration threshold.
        var minimumVisibleDuration: Double
        /// Events the tracker handed to its sinks so far.
        var eventsRecorded: Int
        /// The delivery sink, when there is one.
        var delivery: DeliverySink?
    }

    /// The scan's anchors; the tracker scans into it while the overlay is on.
    var anchors = DebugOverlayAnchors()
    /// One canvas per scanned scene.
    private(set) var canvases: [DebugOverlayCanvas] = []

    /// Draws the scan whose anchors are in ``anchors``, then forgets them.
    /// - Parameters:
    ///   - scan: The scan's figures.
    ///   - span: The recorder's visibility span of an element on a screen: start and whether it was recorded.
    func draw(_ scan: Scan, span: (TrackingElement, TrackingScreen?) -> (start: Double, recorded: Bool)?) {
        defer { anchors.removeAll() }
        scanRate.record(scan.uptime)
        updateCanvases()
        guard !canvases.isEmpty else { return }

        // The visible screens first: an element's caption names its screen only when it is none of these.
        for anchor in anchors.anchors {
            guard let screen = anchor.screen, Self.isVisible(anchor, minimumVisibleRatio: scan.minimumVisibleRatio),
                  let canvas = canvas(showing: anchor.view),
                  let frame = canvas.convert(Self.rect(anchor.frame), fromWindowOf: anchor.view)
            else { continue }
            canvas.drawScreen(named: Self.name(of: screen), frame: frame)
        }
        for anchor in anchors.anchors {
            guard let element = anchor.element, let canvas = canvas(showing: anchor.view),
                  let frame = canvas.convert(Self.rect(anchor.frame), fromWindowOf: anchor.view),
                  frame.intersects(canvas.window.bounds)
            else { continue }
            let verdict = VisibilityReport.verdict(for: anchor, minimumVisibleRatio: scan.minimumVisibleRatio)
            guard let state = DebugOverlayOutline.state(
                verdict: verdict, anchor: anchor,
                span: verdict == .visible ? span(element, anchor.contextScreen) : nil,
                now: scan.uptime, minimumVisibleDuration: scan.minimumVisibleDuration
            ) else { continue }
            let screenName = anchor.contextScreen.map(Self.name(of:))
            canvas.draw(DebugOverlayOutline(
                name: Self.name(element.elementType.rawValue, element.identifier), frame: frame, state: state,
                otherScreen: screenName.flatMap { canvas.screens.contains($0) ? nil : $0 }
            ))
        }

        removeExpiredTapMarks(now: scan.uptime)
        for canvas in canvases { canvas.showTapMarks(tapMarks) }

        let statistics = scan.delivery?.statistics
        let lastUpload = scan.delivery.map { DebugOverlayBadge.status(of: $0.lastUpload) }
        for canvas in canvases {
            let badge = DebugOverlayBadge(
                scansPerSecond: scanRate.scansPerSecond(at: scan.uptime), scanDuration: scan.duration,
                screens: canvas.screens, eventsRecorded: scan.eventsRecorded,
                delivery: statistics.map {
                    DebugOverlayBadge.Delivery(delivered: $0.delivered, queued: $0.queued, lastUpload: lastUpload ?? "")
                }
            )
            canvas.finish(badge: badge.text)
        }
    }

    /// Marks a recorded tap, rage tap or dead tap where the finger landed, at once and for
    /// ``DebugOverlayTapMark/lifetime`` seconds; other events are ignored.
    /// - Parameters:
    ///   - event: The event recorded.
    ///   - window: The window the tap landed in.
    ///   - uptime: Now, on the tracker's clock.
    func mark(_ event: TrackingEvent, in window: UIWindow?, at uptime: Double) {
        guard let window, let mark = DebugOverlayTapMark(event, in: window, uptime: uptime) else { return }
        removeExpiredTapMarks(now: uptime)
        if tapMarks.count == Self.maximumTapMarks { tapMarks.removeFirst() }
        tapMarks.append(mark)
        for canvas in canvases { canvas.showTapMarks(tapMarks) }
    }

    /// When the oldest tap mark is due to disappear (uptime seconds on the tracker's clock), or `nil` without
    /// marks: the overlay is redrawn by scans only, so the scheduler scans then.
    var nextTapMarkExpiry: Double? {
        tapMarks.first.map { $0.uptime + DebugOverlayTapMark.lifetime }
    }

    /// Hides every overlay window and lets it go.
    func remove() {
        for canvas in canvases { canvas.remove() }
        canvases.removeAll()
        anchors.removeAll()
    }

    // MARK: - Private

    private var scanRate = DebugOverlayScanRate()
    /// The taps marked in the last ``DebugOverlayTapMark/lifetime`` seconds, oldest first.
    private var tapMarks: ContiguousArray<DebugOverlayTapMark> = []
    /// A person taps a few times a second at most: more marks than this within a second are not read.
    private static let maximumTapMarks = 16

    private func removeExpiredTapMarks(now: Double) {
        while let first = tapMarks.first, now - first.uptime >= DebugOverlayTapMark.lifetime {
            tapMarks.removeFirst()
        }
    }

    /// Keeps one canvas per foreground scene that shows an app window, each covering those windows, and
    /// drops the others.
    private func updateCanvases() {
        var index = 0
        while index < canvases.count {
            if let scene = canvases[index].scene, Self.appWindowsFrame(in: scene) != nil {
                index += 1
            } else {
                canvases[index].remove()
                canvases.remove(at: index)
            }
        }
        for case let scene as UIWindowScene in UIApplication.shared.connectedScenes {
            guard let frame = Self.appWindowsFrame(in: scene) else { continue }
            let canvas: DebugOverlayCanvas
            if let existing = canvases.first(where: { $0.scene === scene }) {
                canvas = existing
            } else {
                canvas = DebugOverlayCanvas(scene: scene)
                canvases.append(canvas)
            }
            canvas.begin(covering: frame)
        }
    }

    private func canvas(showing view: UIView) -> DebugOverlayCanvas? {
        guard let scene = view.window?.windowScene else { return nil }
        return canvases.first { $0.scene === scene }
    }

    /// The union of the frames of the scene's shown app windows, if it has any. A scene in the background
    /// keeps its canvas, so that the overlay is in place again when it returns.
    private static func appWindowsFrame(in scene: UIWindowScene) -> CGRect? {
        var frame: CGRect?
        for window in scene.windows where !window.isHidden && !(window is DebugOverlayWindow) {
            frame = frame?.union(window.frame) ?? window.frame
        }
        return frame
    }

    private static func isVisible(_ anchor: ScanAnchor, minimumVisibleRatio: Double) -> Bool {
        VisibilityReport.verdict(for: anchor, minimumVisibleRatio: minimumVisibleRatio) == .visible
    }

    private static func rect(_ box: ScanBox) -> CGRect {
        CGRect(x: box.x0, y: box.y0, width: max(box.x1 - box.x0, 0), height: max(box.y1 - box.y0, 0))
    }

    private static func name(of screen: TrackingScreen) -> String {
        name(screen.screenName.rawValue, screen.identifier)
    }

    private static func name(_ name: String, _ identifier: String?) -> String {
        identifier.map { name + "#" + $0 } ?? name
    }
}
