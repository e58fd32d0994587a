import Foundation

/// The tracker's consent switch: the person's choice, persisted in the app's Sightline directory, the
/// sinks it lets events reach, and the ``DeliverySink``s that follow it.
///
/// At creation the persisted choice wins; without one, the most restrictive consent of the delivery sinks
/// (their own persisted value or ``DeliveryConfiguration/defaultConsent``), else granted. A choice that
/// cannot be read counts as pending.
@MainActor
final class TrackerConsent {
    // MARK: - Internal

    /// The choice now.
    private(set) var value: DeliveryConsent
    /// The sinks an event reaches under ``value``.
    private(set) var allowedSinks: [any TrackingSink]

    /// - Parameters:
    ///   - directory: Where the choice is persisted (the Sightline storage root).
    ///   - sinks: The tracker's sinks.
    ///   - report: Receives diagnostics.
    init(directory: URL, sinks: [any TrackingSink], report: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        file = ConsentFile(directory: directory)
        self.sinks = sinks
        self.report = report
        deliveries = sinks.compactMap { $0 as? DeliverySink }
        sharesFileWithDelivery = deliveries.contains {
            $0.configuration.consentDirectory.standardizedFileURL == directory.standardizedFileURL
        }
        switch file.load() {
        case .saved(let saved):
            value = saved
        case .unreadable(let reason):
            value = .pending
            report(ConsentFile.unreadableDiagnostic(reason))
        case .missing:
            value = deliveries.map(\.consent).reduce(DeliveryConsent.granted) { $0.restricted(by: $1) }
        }
        allowedSinks = Self.sinks(sinks, allowedBy: value)
        for delivery in deliveries where delivery.consent != value {
            delivery.consent = value
        }
    }

    /// Records `consent`: persists it, hands it to every delivery sink, and from now on lets events reach
    /// only the sinks it allows.
    func set(_ consent: DeliveryConsent) {
        value = consent
        allowedSinks = Self.sinks(sinks, allowedBy: consent)
        if !sharesFileWithDelivery {
            do {
                try file.save(consent)
            } catch {
                report(TrackingDiagnostic(
                    code: .consentStorageFailed,
                    message: "could not save consent \(consent.rawValue) (\(TrackingDiagnostic.errorCodes(of: error))); it applies now"
                ))
            }
        }
        for delivery in deliveries {
            delivery.consent = consent
        }
    }

    // MARK: - Private

    private let file: ConsentFile
    private let sinks: [any TrackingSink]
    private let deliveries: [DeliverySink]
    /// A delivery sink persists the choice in the same file: saving it once is enough.
    private let sharesFileWithDelivery: Bool
    private let report: @Sendable (TrackingDiagnostic) -> Void

    /// Granted: every sink. Pending: only delivery sinks, which keep events apart on the device and upload
    /// them only if consent is granted (and purge them if denied); other sinks could neither hold them back
    /// nor forget them. Denied: none.
    private static func sinks(_ sinks: [any TrackingSink], allowedBy consent: DeliveryConsent) -> [any TrackingSink] {
        switch consent {
        case .granted: return sinks
        case .pending: return sinks.filter { $0 is DeliverySink }
        case .denied: return []
        }
    }
}
