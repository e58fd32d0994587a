import Foundation
import Tracking

/// Prints each event as it is recorded, in aligned columns: time since the session started, screen, kind,
/// name (and a screen end's `visible_ms`, a tap's position, a rage tap's count). Keeps the events, to name the messages of upload reports, and
/// counts screen views, screen ends and impressions for the closing summary.
@MainActor
final class ConsoleEventSink: TrackingSink {
    // MARK: - Internal

    private(set) var screenViews = 0
    private(set) var impressions = 0
    private(set) var screenEnds = 0
    /// Every event received, in order.
    private(set) var events: [TrackingEvent] = []

    init(startDate: Date) {
        self.startDate = startDate
    }

    /// Prints the event; the demo records every event on the main thread.
    nonisolated func receive(_ event: TrackingEvent) {
        MainActor.assumeIsolated { show(event) }
    }

    private func show(_ event: TrackingEvent) {
        events.append(event)
        switch event.kind {
        case .screenView: screenViews += 1
        case .impression: impressions += 1
        case .screenEnded: screenEnds += 1
        default: break
        }
        let time = String(format: "%7.3fs", event.timestamp.timeIntervalSince(startDate))
        let screen = event.screen.map { screen in
            screen.identifier.map { "\(screen.screenName)#\($0)" } ?? screen.screenName.rawValue
        } ?? "-"
        var name = event.identifier.map { "\(event.name)#\($0)" } ?? event.name
        if event.kind == .track, !event.properties.isEmpty {
            // Lifecycle events and deep links say what they carry (`from_background`, the cleaned `url`).
            name += " {" + event.properties.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.text($0.value))" }
                .joined(separator: ", ") + "}"
        } else if let visible = event.visibleDuration {
            name += " visible_ms=\(Int((visible * 1000).rounded()))"
            // Engagement: a post's largest visible ratio, a screen's scroll depth and impressions.
            if event.kind == .exposure { name += String(format: " max_visible_ratio=%.2f", event.visibleRatio) }
            if let depth = event.scrollDepth { name += String(format: " scroll_depth=%.2f", depth) }
            if let viewed = event.elementsViewed, viewed > 0 { name += " elements_viewed=\(viewed)" }
        }
        if let position = event.tapPosition {
            // Where the finger landed, in window points, and within the element.
            name += String(format: " at (%.0f, %.0f) %.2f×%.2f", position.x, position.y, position.elementX, position.elementY)
        }
        if let count = event.tapCount { name += " taps=\(count)" }
        print("   \(time)  \(pad(screen, 20)) \(pad(event.kind.rawValue, 12)) \(name)")
    }

    /// A property value as the console shows it.
    private static func text(_ value: TrackingPropertyValue) -> String {
        switch value {
        case .string(let string): string
        case .bool(let bool): String(bool)
        case .int(let int): String(int)
        case .double(let double): String(double)
        default: "…"
        }
    }

    /// ``line(for:startDate:)`` followed by the names of the request's last two events, so a backgrounding's
    /// upload shows that it carries the backgrounding's own `Screen Ended` and `Application Backgrounded`.
    func line(for report: DeliveryUploadReport) -> String {
        let sent = Set(report.messageIDs)
        let last = events.filter { sent.contains($0.id.uuidString.lowercased()) }.suffix(2).map { event in
            event.kind == .track ? event.name : "\(event.kind.rawValue) \(event.name)"
        }
        let line = Self.line(for: report, startDate: startDate)
        return last.isEmpty ? line : line + "; last: " + last.joined(separator: ", ")
    }

    /// `   ↑ 2.615s  upload: HTTP 200, 20 events, 12427 bytes of JSON` for one upload request.
    nonisolated static func line(for report: DeliveryUploadReport, startDate: Date) -> String {
        let time = String(format: "%7.3fs", report.date.timeIntervalSince(startDate))
        let answer = report.statusCode.map { "HTTP \($0)" } ?? report.transportError ?? "no answer"
        let outcome = switch report.outcome {
        case .delivered: "delivered"
        case .retrying(let delay): "kept, retried in \(String(format: "%.1f", delay)) s"
        case .split: "split in halves"
        case .rejected: "rejected"
        case .partiallyRejected: "some rejected, the rest sent again"
        }
        return " ↑ \(time)  upload: \(answer), \(report.messageIDs.count) events, \(report.bodyByteCount) bytes of JSON → \(outcome)"
    }

    // MARK: - Private

    private let startDate: Date

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
