import Tracking

/// The README's delivery set-ups, compiled as written (they name a real backend, so tests never run them).
enum DeliverySetup {
    /// Segment's EU workspace, through a ``DeliverySink``.
    @MainActor
    static func segmentEU() -> Tracker {
        // README snippet: delivery
        var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
        delivery.endpoint = .segmentEU                   // default .segmentUS
        let tracker = Tracker(delivery: delivery)        // or Tracker(writeKey:) for every default
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

/// Delivery settings of the app's own, the rest taken from the tracker's configuration.
// README snippet: delivery-settings
@MainActor
func makeTracker() -> Tracker {
    var configuration = TrackingConfiguration()
    configuration.minimumVisibleDuration = 0.5
    var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
    delivery.endpoint = .segmentEU
    return Tracker(configuration: configuration, delivery: delivery, sinks: [LoggingTrackingSink()])
}
// README snippet end
