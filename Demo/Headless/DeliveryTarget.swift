import DemoApp
import Foundation
import LoopbackCollector
import Tracking

/// Where the demo delivers: a loopback collector it starts on 127.0.0.1 (the default), or a
/// Segment-compatible collector named on the command line (then it starts none).
final class DeliveryTarget {
    // MARK: - Internal

    /// Where batches are posted.
    let endpoint: TrackingEndpoint

    /// Starts a loopback collector on a free port of 127.0.0.1 when `endpoint` is `nil`, playing
    /// `destination`: its path, and its answer to an accepted request.
    /// - Parameters:
    ///   - endpoint: The collector named on the command line, or `nil`.
    ///   - destination: The backend's format.
    /// - Throws: When the loopback collector cannot listen.
    init(endpoint: TrackingEndpoint?, destination: DeliveryDestination = .segment) throws {
        if let endpoint {
            self.endpoint = endpoint
            collector = nil
        } else {
            let collector = try LoopbackCollector()
            collector.defaultBehaviour = Self.acceptance(of: destination)
            self.collector = collector
            self.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port),
                                             path: destination.defaultEndpoint.path)
        }
    }

    /// What each vendor answers to a request it accepted (Segment's `{"success":true}` is the collector's default).
    static func acceptance(of destination: DeliveryDestination) -> CollectorBehaviour {
        let json = ["Content-Type": "application/json"]
        switch destination {
        case .postHog: return .status(200, headers: json, body: #"{"status":"Ok"}"#)
        case .amplitude: return .status(200, headers: json, body: #"{"code":200,"server_upload_time":0,"payload_size_bytes":0,"events_ingested":0}"#)
        case .mixpanel: return .status(200, headers: ["Content-Type": "text/plain"], body: "1")
        default: return .accept
        }
    }

    /// `the loopback collector at http://127.0.0.1:53211/v1/batch`, or the endpoint's URL.
    var description: String {
        collector == nil ? "\(endpoint)" : "a loopback collector the demo started at \(endpoint)"
    }

    /// Who says what arrived: `The collector received` or `The sink reports`.
    var receiver: String {
        collector == nil ? "The sink reports" : "The collector received"
    }

    /// Every upload request of the run: what the loopback collector received (its JSON `batch`, its
    /// answer, its size on the wire) or, for another collector, what the sink reported.
    /// - Parameters:
    ///   - delivery: The sink's upload reports, for another collector.
    ///   - events: The events the tracker delivered, to name the messages in the sink's reports.
    func batches(from delivery: DemoDelivery, events: [TrackingEvent]) -> [DeliveredBatch] {
        guard let collector else { return delivery.batches(carrying: events) }
        return collector.requests.filter { $0.method == "POST" && $0.path == endpoint.path }.enumerated().map { index, request in
            DeliveredBatch(requestNumber: index + 1, status: request.behaviour.statusCode, wireBytes: request.wireBodySize, body: request.body)
                ?? DeliveredBatch(
                    requestNumber: index + 1, status: request.behaviour.statusCode, bodyBytes: request.body.count,
                    wireBytes: request.wireBodySize, messages: []
                )
        }
    }

    /// Stops the loopback collector, if the demo started one.
    func stop() {
        collector?.stop()
    }

    // MARK: - Private

    private let collector: LoopbackCollector?
}
