import Tracking

/// The README's delivery set-ups, compiled as written (they name a real backend, so tests never run them).
enum DeliverySetup {
    /// Segment's EU workspace, through a ``DeliverySink``.
    @MainActor
    static func segmentEU() -> Tracker {
        // Snippet: delivery
        var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
        delivery.endpoint = .segmentEU                   // default .segmentUS
        let tracker = Tracker(delivery: delivery)        // or Tracker(writeKey:) for every default
        tracker.start()
        // Snippet end
        return tracker
    }

    /// Names on the wire renamed to match a tracking plan.
    /// - Parameter delivery: The configuration to rename in.
    static func renameForTrackingPlan(_ delivery: inout DeliveryConfiguration) {
        // Snippet: wire-naming
        delivery.wireNaming.impressionEvent = "Impression"
        delivery.wireNaming.propertyKeys.elementType = "component"
        // Snippet end
    }
}

/// Delivery settings of the app's own, the rest taken from the tracker's configuration.
// Snippet: delivery-settings
@MainActor
func makeTracker() -> Tracker {
    var configuration = TrackingConfiguration()
    configuration.minimumVisibleDuration = 0.5
    var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
    delivery.endpoint = .segmentEU
    return Tracker(configuration: configuration, delivery: delivery, sinks: [LoggingTrackingSink()])
}
// Snippet end
