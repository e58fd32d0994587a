/// The debug overlay's corner badge: the scan and delivery figures of the moment, as lines of text.
struct DebugOverlayBadge: Equatable {
    // MARK: - Internal

    /// Scans in the last second, on the tracker's clock.
    var scansPerSecond: Int
    /// The last scan's duration, in seconds.
    var scanDuration: Double
    /// The names of the visible screens, front-most first.
    var screens: [String]
    /// ``TrackingStatistics/eventsDelivered``: events the tracker handed to its sinks.
    var eventsRecorded: Int
    /// The delivery sink's figures, when the tracker has one.
    var delivery: Delivery?

    /// What a ``DeliverySink`` adds to the badge.
    struct Delivery: Equatable {
        /// Events the collector accepted.
        var delivered: Int
        /// Events in the upload queue now.
        var queued: Int
        /// The last upload's status, such as `HTTP 200`, `retrying` or `none yet`.
        var lastUpload: String
    }

    /// The badge's lines.
    var text: String {
        var lines = "Sightline · \(scansPerSecond) scans/s · " + Self.milliseconds(scanDuration)
        lines += "\nscreen: " + (screens.isEmpty ? "none" : screens.joined(separator: ", "))
        lines += "\nevents: \(eventsRecorded) recorded"
        if let delivery {
            lines += " · \(delivery.delivered) delivered\nqueue: \(delivery.queued) · upload: \(delivery.lastUpload)"
        }
        return lines
    }

    /// How the last upload ended, in a few characters.
    static func status(of report: DeliveryUploadReport?) -> String {
        guard let report else { return "none yet" }
        let answer = report.statusCode.map { "HTTP \($0)" } ?? "no answer"
        switch report.outcome {
        case .delivered: return answer
        case .retrying: return answer + ", retrying"
        case .split: return answer + ", split"
        case .rejected: return answer + ", rejected"
        case .partiallyRejected: return answer + ", partly rejected"
        }
    }

    /// `0.21 ms`.
    static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }
}
