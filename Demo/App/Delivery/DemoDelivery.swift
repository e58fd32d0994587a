import Foundation
import Tracking

/// The demo's delivery: a ``Tracking/DeliverySink`` that keeps its queue (and the tracker's identity) in a
/// fresh temporary directory, so a run never sends an earlier run's events and never writes to the
/// user's real storage, and that records every upload request it makes.
///
/// ```swift
/// let delivery = try DemoDelivery(endpoint: TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 8080),
///                                 writeKey: "sightline-demo")
/// defer { delivery.removeStorage() }
/// var configuration = TrackingConfiguration()
/// configuration.storageDirectory = delivery.trackerDirectory
/// let app = SampleApp(windowScene: scene, trackingConfiguration: configuration, sinks: [delivery.sink])
/// // … run the session, then:
/// let summary = delivery.flushAndWait(timeout: 10) { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01)) }
/// ```
public final class DemoDelivery: Sendable {
    // MARK: - Public

    /// The run's own directory, under the temporary directory; ``removeStorage()`` deletes it.
    public let storageDirectory: URL
    /// Where the tracker keeps its identity: give it to `TrackingConfiguration.storageDirectory`.
    public var trackerDirectory: URL { storageDirectory.appendingPathComponent("Tracker", isDirectory: true) }
    /// The sink to give the tracker.
    public let sink: DeliverySink

    /// Every upload request so far, in the order the answers came back.
    public var uploadReports: [DeliveryUploadReport] { reports.value }

    /// Creates the run's directory and a sink that delivers to `endpoint`.
    /// - Parameters:
    ///   - endpoint: The collector.
    ///   - writeKey: The source's write key (Basic auth).
    ///   - clock: The tracker's clock, so that event ages are measured on the same time line. Default
    ///     ``Tracking/SystemTrackingClock``.
    ///   - destination: The backend's format (default ``Tracking/DeliveryDestination/segment``).
    ///   - diagnosticHandler: Where delivery diagnostics go. Default ``Tracking/TrackingDiagnostic/logToSystem``.
    ///   - onUpload: Called after each upload request, on the upload queue, once the report is recorded.
    /// - Throws: When the directory cannot be created.
    public init(
        endpoint: TrackingEndpoint,
        writeKey: String,
        destination: DeliveryDestination = .segment,
        clock: any TrackingClock = SystemTrackingClock(),
        diagnosticHandler: @escaping @Sendable (TrackingDiagnostic) -> Void = TrackingDiagnostic.logToSystem,
        onUpload: (@Sendable (DeliveryUploadReport) -> Void)? = nil
    ) throws {
        storageDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sightline-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        let reports = LockedValue<[DeliveryUploadReport]>([])
        var configuration = DeliveryConfiguration(writeKey: writeKey)
        configuration.destination = destination
        configuration.endpoint = endpoint
        configuration.storageDirectory = storageDirectory.appendingPathComponent("Delivery", isDirectory: true)
        configuration.consentDirectory = storageDirectory.appendingPathComponent("Tracker", isDirectory: true)
        configuration.clock = clock
        configuration.diagnosticHandler = diagnosticHandler
        configuration.uploadObserver = { report in
            reports.update { $0.append(report) }
            onUpload?(report)
        }
        self.reports = reports
        sink = DeliverySink(configuration: configuration)
    }

    /// Uploads everything stored, waiting at most `timeout` seconds and calling `whileWaiting` meanwhile
    /// (the headless drivers run the main run loop there, as an app's main thread keeps running).
    /// - Parameters:
    ///   - timeout: The most seconds to wait.
    ///   - whileWaiting: Called repeatedly until the flush ends or the time is up; it should return soon.
    /// - Returns: What the flush did, or `nil` when it did not end in time (it goes on in the background).
    @MainActor
    public func flushAndWait(timeout: TimeInterval, whileWaiting: () -> Void) -> DeliveryFlushSummary? {
        let result = LockedValue<DeliveryFlushSummary?>(nil)
        let sink = sink
        Task.detached {
            let summary = await sink.flushAndWait()
            result.update { $0 = summary }
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while result.value == nil, Date() < deadline {
            whileWaiting()
        }
        return result.value
    }

    /// The upload requests as batches, each message named after the event it carried.
    /// - Parameter events: The events the tracker delivered to its sinks (message ids are their ids).
    /// - Returns: One batch per upload report, numbered from 1, without wire sizes (only a collector
    ///   knows those).
    public func batches(carrying events: [TrackingEvent]) -> [DeliveredBatch] {
        let eventsByMessageId = Dictionary(events.map { ($0.id.uuidString.lowercased(), $0) }) { first, _ in first }
        let naming = sink.configuration.wireNaming
        return uploadReports.enumerated().map { index, report in
            DeliveredBatch(
                requestNumber: index + 1,
                status: report.statusCode,
                bodyBytes: report.bodyByteCount,
                wireBytes: nil,
                messages: report.messageIDs.map { messageId in
                    guard let event = eventsByMessageId[messageId] else {
                        return DeliveredBatch.Message(type: "?", name: "", messageId: messageId)
                    }
                    let (type, name) = Self.call(for: event, naming: naming)
                    let subject = DeliveredBatch.Message.subject(
                        element: event.element?.elementType.rawValue, elementId: event.element?.identifier,
                        screen: event.screen?.screenName.rawValue, screenId: event.screen?.identifier
                    )
                    return DeliveredBatch.Message(type: type, name: name, messageId: messageId, subject: subject)
                }
            )
        }
    }

    /// Deletes the run's directory and everything in it.
    public func removeStorage() {
        try? FileManager.default.removeItem(at: storageDirectory)
    }

    // MARK: - Private

    private let reports: LockedValue<[DeliveryUploadReport]>

    /// The Segment call an event becomes and the name that call carries (see `TrackingWireNaming`).
    private static func call(for event: TrackingEvent, naming: TrackingWireNaming) -> (type: String, name: String) {
        switch event.kind {
        case .screenView: ("screen", event.name)
        case .impression: ("track", naming.impressionEvent)
        case .exposure: ("track", naming.exposureEvent)
        case .screenEnded: ("track", naming.screenEndedEvent)
        case .tap: ("track", naming.tapEvent)
        case .rageTap: ("track", naming.rageTapEvent)
        case .deadTap: ("track", naming.deadTapEvent)
        case .identify: ("identify", event.identity?.userID ?? "")
        case .group: ("group", event.groupID ?? "")
        case .alias: ("alias", event.identity?.userID ?? "")
        default: ("track", event.name)
        }
    }
}
