import Foundation

/// Whether the person allows tracking, as the app last told ``Tracker/consent`` (or ``DeliverySink/consent``
/// for a sink used without a tracker).
///
/// | state      | new events                         | stored events                                  |
/// |------------|------------------------------------|------------------------------------------------|
/// | `pending`  | stored apart                       | kept; nothing is uploaded                      |
/// | `granted`  | stored in the upload queue         | what was pending joins the queue               |
/// | `denied`   | not stored                         | everything not yet uploaded is purged          |
///
/// The value is persisted once for the app, in the Sightline directory (not per write key), so it survives
/// relaunches, write-key rotation and a new ``DeliveryConfiguration/storageDirectory``;
/// ``DeliveryConfiguration/defaultConsent`` applies only until the app sets one.
///
/// ```swift
/// tracker.consent = .pending          // before the consent dialog
/// tracker.consent = userAccepted ? .granted : .denied
/// ```
public enum DeliveryConsent: String, Sendable, Codable {
    /// No decision yet: new events are kept in a separate pending area, and nothing leaves the device.
    case pending
    /// Events are uploaded; pending ones join the queue when consent becomes granted.
    case granted
    /// Nothing is stored or uploaded; what was not uploaded yet, pending included, is purged.
    case denied
}
