import Tracking

/// The README's delivery set-ups, compiled as written (they name a real backend, so tests never run them).
enum DeliverySetup {
    /// Segment's EU workspace, through a ``DeliverySink``.
    @MainActor
    static func segmentEU() -> Tracker {
        // README snippet: delivery
        var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
        delivery.endpoint = .segmentEU                   // default .segmentUS
        let sink = DeliverySink(configuration: delivery)
        let tracker = Tracker(sinks: [sink])
        tracker.start()
        // README snippet end
        return tracker
    }

    /// Names on the wire renamed to match a tracking plan.
    /// - Parameter delivery: The configuration to rename in.
    static func renameForTrackingPlan(_ delivery: inout DeliveryConfiguration) {
        // README snippet: wire-naming
        delivery.wireNaming.impressionEvent = "Impression"
        delivery.wireNaming.propertyKeys.elementType = "component"
        // README snippet end
    }
}
