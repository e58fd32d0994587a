import Foundation

/// Whether the user allows events to leave the device, as the app last told ``DeliverySink/consent``.
///
/// | state      | new events                         | stored events                                  |
/// |------------|------------------------------------|------------------------------------------------|
/// | `pending`  | stored apart, never uploaded       | the upload queue keeps going                   |
/// | `granted`  | stored in the upload queue         | what was pending joins the queue               |
/// | `denied`   | not stored                         | everything not yet uploaded is purged          |
///
/// The value is persisted in the write key's directory, so it survives relaunches;
/// ``DeliveryConfiguration/defaultConsent`` applies only until the app sets one.
///
/// ```swift
/// delivery.consent = .pending          // before the consent dialog
/// delivery.consent = userAccepted ? .granted : .denied
/// ```
public enum DeliveryConsent: String, Sendable, Codable {
    /// No decision yet: events are kept in a separate pending area and never uploaded.
    case pending
    /// Events are uploaded; pending ones join the queue when consent becomes granted.
    case granted
    /// Nothing is stored or uploaded; what was not uploaded yet, pending included, is purged.
    case denied
}
