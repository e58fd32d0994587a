import Foundation
import Tracking

// Delivery benchmark: main-thread cost of handing one event to the DeliverySink, the cost of
// tracker.track(_:properties:) into it from the main thread and from a background thread, store append
// throughput, the time to recover a queue of 100,000 events, the cost of creating a sink (which opens no
// file: its first use does), the cost of building a 500 KB batch, and
// upload throughput from the store to the loopback collector (127.0.0.1). Run with
// `swift run -c release DeliveryBenchmark`; each figure prints as `RESULT name=… value=…`. With `launch <directory>`
// it measures only `launch_main_us` (LaunchMeasurement.swift).

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

func result(_ name: String, _ value: Double, decimals: Int = 2) {
    print("RESULT name=\(name) value=\(String(format: "%.\(decimals)f", value))")
}

// `DeliveryBenchmark launch <directory>`: only `launch_main_us` (see LaunchMeasurement), first in the process.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "launch" {
    MainActor.assumeIsolated {
        LaunchMeasurement.run(directory: URL(fileURLWithPath: CommandLine.arguments[2], isDirectory: true))
    }
    exit(0)
}

// `DeliveryBenchmark launch-once <directory> memory|delivery`: one launch between markers (launch-syscalls.sh).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "launch-once" {
    MainActor.assumeIsolated {
        LaunchMeasurement.once(
            directory: URL(fileURLWithPath: CommandLine.arguments[2], isDirectory: true),
            delivery: CommandLine.arguments[3] == "delivery"
        )
    }
    exit(0)
}

let root = FileManager.default.temporaryDirectory.appendingPathComponent("DeliveryBenchmark-\(UUID())", isDirectory: true)
defer { try? FileManager.default.removeItem(at: root) }

// MARK: - Hand-off: one receive(_:) per event, as the tracker calls it on the main thread.

do {
    let sink = DeliveryWorkload.sink(root: root.appendingPathComponent("handoff"))
    let events = (0..<20_000).map(DeliveryWorkload.event)
    for event in events.prefix(1_000) { try sink.receive(event) }
    var samples: [Double] = []
    samples.reserveCapacity(events.count)
    for event in events.dropFirst(1_000) {
        let start = now()
        try sink.receive(event)
        samples.append(Double(now() - start) / 1_000)
    }
    samples.sort()
    let recordBytes = Double(DeliveryWorkload.bytes(in: root.appendingPathComponent("handoff"))) / Double(events.count)
    result("event_record_bytes", recordBytes, decimals: 0)
    result("handoff_median_us", percentile(samples, 0.5))
    result("handoff_p99_us", percentile(samples, 0.99))

    // For comparison: what JSONEncoder alone would cost per event on the main thread.
    let encoder = JSONEncoder()
    var jsonSamples: [Double] = []
    for event in events.prefix(5_000) {
        let start = now()
        _ = try encoder.encode(event)
        jsonSamples.append(Double(now() - start) / 1_000)
    }
    jsonSamples.sort()
    result("json_encode_median_us", percentile(jsonSamples, 0.5))
}

// MARK: - Hand-off through the tracker: track(_:properties:) into a DeliverySink, main and background thread.

do {
    let samples = TrackerHandoff.measure(count: 20_000, root: root.appendingPathComponent("tracker"))
    result("track_main_median_us", percentile(samples.mainThread, 0.5))
    result("track_main_p99_us", percentile(samples.mainThread, 0.99))
    result("track_background_median_us", percentile(samples.backgroundThread, 0.5))
    result("track_background_p99_us", percentile(samples.backgroundThread, 0.99))
}

// MARK: - Append throughput, seals included.

do {
    let sink = DeliveryWorkload.sink(root: root.appendingPathComponent("throughput"))
    let events = (0..<100_000).map(DeliveryWorkload.event)
    let start = now()
    for event in events { try sink.receive(event) }
    let seconds = Double(now() - start) / 1e9
    result("append_events_per_s", Double(events.count) / seconds, decimals: 0)
}

// MARK: - Recovery: open a queue of 100,000 events (200 sealed segments and one left open).

do {
    let directory = root.appendingPathComponent("recovery")
    do {
        let sink = DeliveryWorkload.sink(root: directory)
        for number in 0..<100_000 { try sink.receive(DeliveryWorkload.event(number)) }
    }
    var timings: [Double] = []
    for _ in 0..<3 {
        let start = now()
        let sink = DeliveryWorkload.sink(root: directory)
        // The first use opens the files: creating the sink alone reads nothing.
        _ = sink.statistics
        timings.append(Double(now() - start) / 1e9)
    }
    result("recover_100k_s", timings.sorted()[1], decimals: 3)
}

// MARK: - Creating a sink, as `Tracker(writeKey:)` does on the main thread, on a queue of 1,000 events.

do {
    let directory = root.appendingPathComponent("creation")
    do {
        let sink = DeliveryWorkload.sink(root: directory)
        for number in 0..<1_000 { try sink.receive(DeliveryWorkload.event(number)) }
    }
    var samples: [Double] = []
    for _ in 0..<200 {
        let start = now()
        let sink = DeliveryWorkload.sink(root: directory)
        samples.append(Double(now() - start) / 1_000)
        withExtendedLifetime(sink) {}
    }
    samples.sort()
    result("sink_init_median_us", percentile(samples, 0.5))
    result("sink_init_p99_us", percentile(samples, 0.99))
}

// MARK: - Building a 500 KB batch: events to wire messages to the request body.

do {
    let build = UploadMeasurements.batchBuild(rounds: 40)
    print("batch: \(build.messages) messages, \(build.bytes) bytes (limit 500000)")
    result("batch_500kb_build_ms", build.ours, decimals: 3)
    result("batch_500kb_build_jsonserialization_ms", build.foundation, decimals: 3)
}

// MARK: - Each destination's encoder: a 500 KB body from the same events, and allocations per event.

for destination in DeliveryDestination.all {
    let build = DestinationMeasurements.batchBuild(destination, rounds: 40)
    print("\(destination): \(build.messages) messages in \(build.bytes) bytes")
    result("batch_500kb_build_\(destination.name)_ms", build.ms, decimals: 3)
    if let allocations = build.allocationsPerEvent {
        result("batch_allocations_per_event_\(destination.name)", allocations, decimals: 1)
    }
}

// MARK: - Upload end to end: stored events to the loopback collector through URLSession, one request at a time.

do {
    let upload = try UploadMeasurements.endToEnd(count: 20_000, root: root.appendingPathComponent("upload"))
    print("upload: 20000 events in \(upload.requests) requests")
    result("upload_events_per_s", upload.eventsPerSecond, decimals: 0)
}
