import AllocationCounter
import Foundation
import Tracking

/// Each destination's encoder on the same events: the time to turn the events that fill a 500 KB request
/// body into that body, and the heap allocations per event it takes, as the upload path does it (each
/// distinct context converted once, each event encoded once, packed, the body written).
enum DestinationMeasurements {
    // MARK: - Internal

    /// Median milliseconds for one 500 KB body of `destination`, its messages, its bytes, and allocations per
    /// event (`nil` where the allocation counter is unsupported).
    static func batchBuild(_ destination: DeliveryDestination, rounds: Int) -> (ms: Double, messages: Int, bytes: Int, allocationsPerEvent: Double?) {
        let events = UploadFixture.events(count: 3_000)
        let sample = build(destination, events)
        precondition((try? JSONSerialization.jsonObject(with: sample.body)) != nil, "the \(destination) batch is not JSON")
        let batchEvents = Array(events[0..<sample.messages])
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let built = build(destination, batchEvents)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(built.body.count == sample.body.count)
        }
        var allocations: Double?
        if sightline_allocation_counter_is_supported() {
            let before = sightline_allocation_counter_thread_allocations()
            _ = build(destination, batchEvents)
            allocations = Double(sightline_allocation_counter_thread_allocations() - before) / Double(batchEvents.count)
        }
        return (times.sorted()[rounds / 2], sample.messages, sample.body.count, allocations)
    }

    // MARK: - Private

    /// The events that fit one 500,000-byte body of `destination`, encoded and written.
    private static func build(_ destination: DeliveryDestination, _ events: [TrackingEvent]) -> (body: Data, messages: Int) {
        let wire = destination.wire
        let naming = TrackingWireNaming()
        var context: (value: TrackingContext, members: [WireJSONMember])?
        var encoded: [EncodedWireMessage] = []
        encoded.reserveCapacity(events.count)
        for event in events {
            var members: [WireJSONMember] = []
            if let eventContext = event.context {
                if context?.value != eventContext { context = (eventContext, wire.contextMembers(eventContext)) }
                members = context!.members
            }
            if let message = wire.message(for: event, naming: naming, context: members, writeKey: "benchmark_key") {
                encoded.append(message)
            }
        }
        var limits = WireLimits()
        limits.maximumMessageCount = 10_000
        let builder = WireBatchBuilder(limits: limits, envelope: wire.envelope(writeKey: "benchmark_key"))
        let batch = builder.firstBatch(from: encoded, diagnostics: { _ in }).batch
        return (batch.body(sentAt: Date()), batch.count)
    }
}
