import Foundation
import Tracking

/// The cost of an explicit call as an app pays it: `tracker.track(_:properties:)` into a tracker whose
/// only sink is a ``DeliverySink`` (time, identity with the user's traits, context, session, validation,
/// the store's `write(2)`), on the main thread and on a background thread.
enum TrackerHandoff {
    /// Microseconds per call, sorted, after a warm-up.
    struct Samples {
        var mainThread: [Double]
        var backgroundThread: [Double]
    }

    /// Measures `count` calls on each thread against a fresh queue under `root`.
    @MainActor
    static func measure(count: Int, root: URL) -> Samples {
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = root.appendingPathComponent("identity", isDirectory: true)
        let tracker = Tracker(configuration: configuration, delivery: DeliveryWorkload.configuration(root: root))
        // Traits ride on every later event (`context.traits`), so they are part of each call's cost.
        tracker.identify(userID: "user-4242", traits: ["plan": "pro", "email_verified": true, "cohort": "2026-11"])
        let mainThread = calls(count, on: tracker)

        nonisolated(unsafe) var backgroundThread: [Double] = []
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            backgroundThread = calls(count, on: tracker)
            done.signal()
        }
        guard done.wait(timeout: .now() + 300) == .success else {
            fatalError("the background thread's calls did not finish within 300 s")
        }
        return Samples(mainThread: mainThread, backgroundThread: backgroundThread)
    }

    /// Times `count` calls after 1,000 unmeasured ones.
    private static func calls(_ count: Int, on tracker: Tracker) -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for number in 0..<(count + 1_000) {
            let properties: TrackingProperties = [
                "position": .int(number % 40), "promoted": true, "price": 19.99,
                "title": "Organic cotton T-shirt, slim fit", "category": "apparel/men/tops",
                "brand": "Acme Outfitters", "list": "summer-sale-2026/featured", "currency": "EUR",
            ]
            let start = DispatchTime.now().uptimeNanoseconds
            tracker.track("Product Viewed", properties: properties)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000
            if number >= 1_000 { samples.append(elapsed) }
        }
        return samples.sorted()
    }
}
