import Foundation
import LoopbackCollector
import Tracking

/// The wire side of the delivery benchmark: building a 500 KB batch (ours and a `JSONSerialization`
/// baseline) and uploading stored events end to end to the loopback collector.
enum UploadMeasurements {
    // MARK: - Internal

    /// Median milliseconds to turn the events that fill one 500 KB batch into its request body, and the
    /// same through `JSONSerialization`.
    static func batchBuild(rounds: Int) -> (ours: Double, foundation: Double, messages: Int, bytes: Int) {
        let events = UploadFixture.events(count: 2_000)
        let batchSize = buildBatch(from: events[...]).messages
        let batchEvents = events[0...batchSize]
        let sample = buildBatch(from: batchEvents)
        precondition((try? JSONSerialization.jsonObject(with: sample.body)) != nil, "the batch is not JSON")
        var ours: [Double] = []
        var foundation: [Double] = []
        for _ in 0..<rounds {
            var start = now()
            let built = buildBatch(from: batchEvents)
            ours.append(Double(now() - start) / 1e6)
            precondition(built.body.count == sample.body.count)
            start = now()
            _ = foundationBatch(from: batchEvents)
            foundation.append(Double(now() - start) / 1e6)
        }
        return (ours.sorted()[rounds / 2], foundation.sorted()[rounds / 2], sample.messages, sample.body.count)
    }

    /// Events per second from the store to the loopback collector: `count` events stored through a
    /// ``DeliverySink``, then one ``DeliverySink/flushAndWait()`` timed (gzip as configured by default).
    static func endToEnd(count: Int, root: URL) throws -> (eventsPerSecond: Double, requests: Int) {
        let collector = try LoopbackCollector()
        defer { collector.stop() }
        var configuration = DeliveryWorkload.configuration(root: root)
        configuration.endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port))
        let sink = DeliverySink(configuration: configuration)
        for event in UploadFixture.events(count: count) { try sink.receive(event) }
        let start = now()
        let summary = wait { await sink.flushAndWait() }
        let seconds = Double(now() - start) / 1e9
        precondition(summary.delivered == count && collector.requests.count == summary.requests, "not everything arrived: \(summary)")
        return (Double(count) / seconds, summary.requests)
    }

    // MARK: - Private

    /// Events to message bytes to one full batch to the request body: what a flush does before sending.
    private static func buildBatch(from events: ArraySlice<TrackingEvent>) -> (body: Data, messages: Int) {
        let naming = TrackingWireNaming()
        let encoded = events.compactMap { WireMessage(event: $0, naming: naming)?.encoded() }
        let batch = WireBatchBuilder().firstBatch(from: encoded, diagnostics: { _ in }).batch
        return (batch.body(sentAt: Date()), batch.count)
    }

    /// Baseline: the same messages as dictionaries through `JSONSerialization`.
    private static func foundationBatch(from events: ArraySlice<TrackingEvent>) -> Data {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let messages: [[String: Any]] = events.map { event in
            var properties: [String: Any] = [:]
            for (key, value) in event.properties {
                switch value {
                case .string(let string): properties[key] = string
                case .int(let int): properties[key] = int
                case .double(let double): properties[key] = double
                case .bool(let bool): properties[key] = bool
                case .date, .array, .object, .null:
                    properties[key] = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: .fragmentsAllowed)
                }
            }
            properties["visible_ratio"] = event.visibleRatio
            let context = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(event.context))) ?? [:]
            return ["type": event.kind == .screenView ? "screen" : "track", "messageId": event.id.uuidString.lowercased(),
                    "timestamp": formatter.string(from: event.timestamp), "anonymousId": event.identity?.anonymousID.uuidString.lowercased() ?? "",
                    "userId": event.identity?.userID ?? "", "event": event.name, "properties": properties, "context": context]
        }
        return (try? JSONSerialization.data(withJSONObject: ["batch": messages, "sentAt": formatter.string(from: Date())])) ?? Data()
    }

    /// Runs `work` on the cooperative pool and blocks until it is done (the runner is a plain command line);
    /// stops the runner with a message if `work` takes longer than `timeout` seconds, so a stuck upload
    /// ends the run instead of hanging it.
    private static func wait<Value: Sendable>(timeout: Int = 300, _ work: @escaping @Sendable () async -> Value) -> Value {
        let box = Box<Value>()
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            semaphore.signal()
        }
        guard semaphore.wait(timeout: .now() + .seconds(timeout)) == .success, let value = box.value else {
            fatalError("DeliveryBenchmark: the awaited work did not finish within \(timeout) s")
        }
        return value
    }

    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }
}
