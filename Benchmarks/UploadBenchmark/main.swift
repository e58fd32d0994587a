import Foundation
import LoopbackCollector
import Tracking

// The cost of building a 500 KB Segment batch from recorded events, and upload throughput through URLSession
// to the loopback collector.
// Usage: swift run -c release UploadBenchmark [--quick]
let quick = CommandLine.arguments.contains("--quick")
let clock = ContinuousClock()
let naming = TrackingWireNaming()
let builder = WireBatchBuilder()
let events = UploadFixture.events(count: 2_000)

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Events to message bytes to one full batch to the request body: what a flush does before sending.
func buildBatch(from events: ArraySlice<TrackingEvent>) -> (body: Data, messages: Int) {
    let encoded = events.compactMap { event in
        WireMessage(event: event, anonymousId: "3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c", userId: "user-1842",
                    context: UploadFixture.context, naming: naming)?.encoded()
    }
    let batch = builder.firstBatch(from: encoded, diagnostics: { _ in }).batch
    return (batch.body(sentAt: Date()), batch.count)
}

// The events that fill one batch, plus the one that did not fit (a flush reads about a batch's worth).
let batchSize = buildBatch(from: events[...]).messages
let batchEvents = events[0...batchSize]
let sample = buildBatch(from: batchEvents)
precondition((try? JSONSerialization.jsonObject(with: sample.body)) != nil, "the batch is not JSON")
let rounds = quick ? 10 : 40
var buildTimes: [Double] = []
for _ in 0..<rounds {
    let start = clock.now
    let built = buildBatch(from: batchEvents)
    buildTimes.append(milliseconds(clock.now - start))
    precondition(built.body.count == sample.body.count)
}
print("batch: \(sample.messages) messages, \(sample.body.count) bytes (limit 500000)")
print(String(format: "build 500 KB batch: median %.2f ms, min %.2f ms over %d rounds", median(buildTimes), buildTimes.min()!, rounds))

// Baseline: the same messages through JSONSerialization (dictionaries built from the events, then encoded).
func foundationBatch(from events: ArraySlice<TrackingEvent>) -> Data {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let context: [String: Any] = ["library": ["name": "Sightline", "version": "0.1.0"], "locale": "en-GB", "timezone": "Europe/London",
                                  "app": ["name": "Demo", "version": "1.4.2", "build": "412", "namespace": "com.example.demo"],
                                  "device": ["manufacturer": "Apple", "model": "iPhone15,2", "type": "ios"],
                                  "os": ["name": "iOS", "version": "18.1"], "screen": ["width": 393, "height": 852, "density": 3]]
    let messages: [[String: Any]] = events.map { event in
        var properties: [String: Any] = [:]
        for (key, value) in event.properties {
            switch value {
            case .string(let string): properties[key] = string
            case .int(let int): properties[key] = int
            case .double(let double): properties[key] = double
            case .bool(let bool): properties[key] = bool
            }
        }
        properties["visible_ratio"] = event.visibleRatio
        return ["type": event.kind == .screenView ? "screen" : "track", "messageId": event.id.uuidString.lowercased(),
                "timestamp": formatter.string(from: event.timestamp), "anonymousId": "3f2a9c4e-5b1d-4e8f-9a7c-2d6e1b0f8a3c",
                "userId": "user-1842", "event": event.name, "properties": properties, "context": context]
    }
    return (try? JSONSerialization.data(withJSONObject: ["batch": messages, "sentAt": formatter.string(from: Date())])) ?? Data()
}
var foundationTimes: [Double] = []
for _ in 0..<rounds {
    let start = clock.now
    _ = foundationBatch(from: batchEvents)
    foundationTimes.append(milliseconds(clock.now - start))
}
print(String(format: "same batch through JSONSerialization: median %.2f ms (%.1fx)", median(foundationTimes), median(foundationTimes) / median(buildTimes)))

// Upload throughput: full batches posted one at a time, as the uploader does.
let collector = try LoopbackCollector()
let endpoint = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: Int(collector.port))
let batch = WireBatch((0..<sample.messages).compactMap { index -> EncodedWireMessage? in
    WireMessage(event: events[index], anonymousId: "a", userId: nil, context: UploadFixture.context, naming: naming)?.encoded()
})
var throughput: [String: Double] = [:]
for gzip in [false, true] {
    let transport = HTTPUploadTransport(configuration: .init(endpoint: endpoint, writeKey: "benchmark", gzip: gzip, timeout: 30))!
    let sender = WireBatchSender(transport: transport, diagnostics: { print($0) })
    let batches = quick ? 5 : 20
    let semaphore = DispatchSemaphore(value: 0)
    let result = ResultBox()
    Task.detached {
        _ = await sender.deliver(batch, failuresSoFar: 0)
        let start = clock.now
        var delivered = 0
        for _ in 0..<batches {
            delivered += await sender.deliver(batch, failuresSoFar: 0).delivered.count
        }
        result.eventsPerSecond = Double(delivered) / (milliseconds(clock.now - start) / 1000)
        semaphore.signal()
    }
    semaphore.wait()
    transport.invalidate()
    throughput[gzip ? "gzip" : "plain"] = result.eventsPerSecond
    print(String(format: "upload to loopback (%@): %.0f events/s, %d batches of %d", gzip ? "gzip" : "plain", result.eventsPerSecond, batches, batch.count))
}
collector.stop()

print(String(format: "RESULT name=batch_500kb_build_ms value=%.3f", median(buildTimes)))
print(String(format: "RESULT name=batch_500kb_build_jsonserialization_ms value=%.3f", median(foundationTimes)))
print(String(format: "RESULT name=transport_events_per_s value=%.0f", throughput["plain"] ?? 0))
print(String(format: "RESULT name=transport_gzip_events_per_s value=%.0f", throughput["gzip"] ?? 0))

final class ResultBox: @unchecked Sendable {
    var eventsPerSecond = 0.0
}
