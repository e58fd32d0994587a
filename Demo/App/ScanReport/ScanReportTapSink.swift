import Foundation
import Tracking

/// A sink that hands the taps, rage taps and dead taps it receives to a ``ScanReport`` for its heatmaps.
/// Give it to the tracker with the other sinks; set ``report`` once the report exists. Tap events reach sinks
/// on the main thread; others are ignored.
public final class ScanReportTapSink: TrackingSink, @unchecked Sendable {
    // MARK: - Public

    /// Creates a sink that hands nothing on until ``report`` is set.
    public init() {}

    /// The report that draws the taps; main thread only.
    @MainActor public weak var report: ScanReport? {
        get { storedReport }
        set { storedReport = newValue }
    }

    /// Hands a tap, rage tap or dead tap to the report.
    public func receive(_ event: TrackingEvent) {
        guard event.kind == .tap || event.kind == .rageTap || event.kind == .deadTap, Thread.isMainThread else { return }
        MainActor.assumeIsolated { storedReport?.recordTap(event) }
    }

    // MARK: - Private

    // Read and written on the main thread only.
    @MainActor private weak var storedReport: ScanReport?
}
