import Foundation
import Tracking

extension TrackingEventName {
    static let refundIssued: Self = "refund_issued"
}

/// The app's analytics: one tracker whose events are stored and delivered to the collector at `endpoint`,
/// only once the person consents.
@MainActor
final class Analytics {
    /// The tracker the app reports to, and the person's consent (``Tracker/consent``).
    nonisolated let tracker: Tracker

    /// Creates the app's tracker and its delivery, asking for consent first (nothing leaves the device before).
    /// - Parameters:
    ///   - writeKey: The collector's write key.
    ///   - endpoint: Where batches go.
    ///   - storageDirectory: Where the identity and the queue live (the default is the app's Application Support).
    init(writeKey: String, endpoint: TrackingEndpoint, storageDirectory: URL) {
        var configuration = TrackingConfiguration()
        configuration.storageDirectory = storageDirectory
        configuration.beforeSend = [{ event in
            var event = event
            event.eventProperties["email"] = nil // personal data never leaves the app
            return event
        }]
        var delivery = DeliveryConfiguration(writeKey: writeKey)
        delivery.endpoint = endpoint
        delivery.defaultConsent = .pending
        // The delivery sink keeps its queue and the consent in the tracker's storage directory.
        tracker = Tracker(configuration: configuration, delivery: delivery)
    }

    /// Reports a refund the server confirmed; callable from any thread (a `URLSession` completion, say).
    /// - Parameter amount: The refunded amount.
    nonisolated func refundIssued(amount: Double) {
        tracker.track(.refundIssued, properties: ["amount": amount])
    }
}
