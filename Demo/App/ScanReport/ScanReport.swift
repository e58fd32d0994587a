#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

/// Collects a ``ScanPicture`` for every scan worth looking at: one that produced events or changed the set
/// of visible tracked views and screens. Render it with ``ScanReportHTML``.
///
/// ```swift
/// let report = ScanReport(window: app.window, tracker: app.tracker)
/// app.tracker.scanObserver = { summary in report.record(summary) }
/// ```
@MainActor
public final class ScanReport {
    // MARK: - Public

    /// The pictures, in scan order.
    public private(set) var pictures: [ScanPicture] = []
    /// Scans recorded, including those that got no picture.
    public private(set) var scansSeen = 0
    /// Per tapped screen, in the order first tapped: its picture and its taps (see ``recordTap(_:)``).
    public private(set) var heatmaps: [TapHeatmap] = []
    /// The scripted step in progress; pictures are labelled with it.
    public var currentStep: DemoSessionStep?
    /// When the report started: times are seconds since then.
    public let startDate: Date

    /// Creates an empty report about `window`, explained by `tracker`.
    /// - Parameters:
    ///   - window: The window whose views are drawn.
    ///   - tracker: The tracker whose `visibilityReport()` marks the tracked views.
    ///   - startDate: Time zero of the report; default now.
    public init(window: UIWindow, tracker: Tracker, startDate: Date = Date()) {
        self.window = window
        self.tracker = tracker
        self.startDate = startDate
    }

    /// Looks at the hierarchy right after a scan and keeps a picture if the scan produced events or the
    /// visible set changed since the last scan.
    /// - Parameter summary: What the tracker's `scanObserver` received.
    public func record(_ summary: TrackingScanSummary) {
        guard let tracker else { return }
        scansSeen += 1
        let visibility = tracker.visibilityReport()
        let visibleSet = Set(visibility.entries.filter { $0.verdict == .visible }.map(ScanPicture.name(of:)))
        defer { lastVisibleSet = visibleSet }
        guard !summary.events.isEmpty || visibleSet != lastVisibleSet, let window else { return }
        pictures.append(ScanPicture(
            scanNumber: summary.scanNumber,
            time: summary.timestamp.timeIntervalSince(startDate),
            step: currentStep,
            scanDuration: summary.duration,
            windowBounds: window.bounds,
            views: ScanPicture.views(of: window),
            tracked: visibility.entries.filter { $0.windowIndex != nil },
            events: summary.events,
            overlay: overlayViews(over: window)
        ))
    }

    /// Adds a tap, rage tap or dead tap carrying its position to its screen's heatmap; the first tap on a
    /// screen pictures the window as it is then (the screen as it was tapped). Other events are ignored.
    /// - Parameter event: An event the tracker delivered (``ScanReportTapSink`` hands them over).
    public func recordTap(_ event: TrackingEvent) {
        guard event.kind == .tap || event.kind == .rageTap || event.kind == .deadTap,
              let position = event.tapPosition, let window else { return }
        let screen = event.screen.map { ScanPicture.name($0.screenName.rawValue, $0.identifier) } ?? "no screen"
        let mark = TapHeatmap.Mark(
            kind: event.kind, point: CGPoint(x: position.x, y: position.y),
            element: ScanPicture.name(event.name, event.identifier), tapCount: event.tapCount
        )
        if let index = heatmaps.firstIndex(where: { $0.screen == screen }) {
            heatmaps[index].marks.append(mark)
        } else {
            heatmaps.append(TapHeatmap(
                screen: screen, windowBounds: window.bounds, views: ScanPicture.views(of: window), marks: [mark]
            ))
        }
    }

    // MARK: - Private

    /// The views of the windows above `window` in its scene (the tracker's debug overlay, when it is on),
    /// in `window`'s coordinates.
    private func overlayViews(over window: UIWindow) -> [ScanPicture.ViewBox] {
        guard let scene = window.windowScene else { return [] }
        var boxes: [ScanPicture.ViewBox] = []
        for other in scene.windows where other !== window && !other.isHidden && other.windowLevel > window.windowLevel {
            let offset = CGPoint(x: other.frame.minX - window.frame.minX, y: other.frame.minY - window.frame.minY)
            boxes += ScanPicture.views(of: other, offset: offset).filter { $0.depth > 0 }
        }
        return boxes
    }

    private weak var window: UIWindow?
    private weak var tracker: Tracker?
    private var lastVisibleSet: Set<String> = []
}
