import Foundation

/// The demo's closing line: what the tracker recorded and scanned, and what reached the collector.
///
/// ```swift
/// DemoSummary(screenViews: 10, screenEnds: 9, impressions: 21, scans: 75, scanDuration: 0.0164, batches: batches).line
/// // "Demo finished: 10 screen views, 9 screen ends, 21 impressions, 75 scans, 16.4 ms scanning; 43 events delivered
/// //  in 3 batches (10 screen views, 21 impressions, 9 screen ends, 2 lifecycle events, 1 identify call)"
/// ```
public struct DemoSummary: Sendable, Hashable {
    // MARK: - Public

    /// Screen views recorded.
    public var screenViews: Int
    /// `Screen Ended` events recorded (each with the time its screen was visible).
    public var screenEnds: Int
    /// Impressions recorded.
    public var impressions: Int
    /// Scans the tracker ran.
    public var scans: Int
    /// Seconds spent scanning, in total.
    public var scanDuration: TimeInterval
    /// Every upload request of the run, accepted or not.
    public var batches: [DeliveredBatch]

    /// Creates a summary.
    /// - Parameters:
    ///   - screenViews: Screen views recorded.
    ///   - screenEnds: `Screen Ended` events recorded.
    ///   - impressions: Impressions recorded.
    ///   - scans: Scans the tracker ran.
    ///   - scanDuration: Seconds spent scanning.
    ///   - batches: Every upload request of the run.
    public init(
        screenViews: Int, screenEnds: Int = 0, impressions: Int, scans: Int, scanDuration: TimeInterval, batches: [DeliveredBatch]
    ) {
        self.screenViews = screenViews
        self.screenEnds = screenEnds
        self.impressions = impressions
        self.scans = scans
        self.scanDuration = scanDuration
        self.batches = batches
    }

    /// `Demo finished: 10 screen views, 9 screen ends, 21 impressions, 75 scans, 16.4 ms scanning; 43 events
    /// delivered in 2 batches (10 screen views, 21 impressions, 9 screen ends, 2 lifecycle events, 1 identify call)`
    /// (what was delivered of each kind, ``DeliveredKind``), followed by `, 1 request not accepted` when some were
    /// not.
    public var line: String {
        let delivered = batches.delivered
        var line = "Demo finished: \(screenViews) screen views, \(Self.count(screenEnds, "screen end")), \(impressions) impressions, \(scans) scans, "
            + "\(String(format: "%.1f", scanDuration * 1000)) ms scanning; "
            + "\(Self.count(delivered.reduce(0) { $0 + $1.messages.count }, "event")) delivered in "
            + Self.count(delivered.count, "batch", plural: "batches")
            + " (\(delivered.flatMap(\.messages).kindSummary))"
        let refused = batches.count - delivered.count
        if refused > 0 {
            line += ", \(Self.count(refused, "request")) not accepted"
        }
        return line
    }

    // MARK: - Private

    private static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}
