import Foundation

/// The tracker's consent switch: the person's choice, persisted in the app's Sightline directory, and the
/// ``DeliverySink``s that follow it (the sinks it lets events reach are the ``TrackerConsentGate``'s).
///
/// At the load (``load()``, which the tracker runs off the main thread after its creation) the persisted
/// choice wins; without one, the most restrictive of ``TrackingConfiguration/defaultConsent`` and the
/// consents of the delivery sinks (their own persisted value or ``DeliveryConfiguration/defaultConsent``). A
/// choice that cannot be read counts as pending. Creating it reads no file.
final class TrackerConsent: @unchecked Sendable {
    // MARK: - Internal

    /// The choice now (``TrackingConfiguration/defaultConsent`` until ``load()``).
    var value: DeliveryConsent {
        lock.withLock { current }
    }

    /// - Parameters:
    ///   - directory: Where the choice is persisted (the Sightline storage root).
    ///   - sinks: The tracker's sinks.
    ///   - defaultConsent: The consent without a persisted choice (restricted by the delivery sinks').
    ///   - report: Receives diagnostics.
    init(
        directory: URL, sinks: [any TrackingSink], defaultConsent: DeliveryConsent = .granted,
        report: @escaping @Sendable (TrackingDiagnostic) -> Void
    ) {
        file = ConsentFile(directory: directory)
        self.report = report
        self.defaultConsent = defaultConsent
        current = defaultConsent
        deliveries = sinks.compactMap { $0 as? DeliverySink }
        sharesFileWithDelivery = deliveries.contains {
            $0.configuration.consentDirectory.standardizedFileURL == directory.standardizedFileURL
        }
    }

    /// Reads the persisted choice (see the type's description) and hands it to every delivery sink.
    /// - Returns: The choice.
    func load() -> DeliveryConsent {
        let loaded: DeliveryConsent
        switch file.load() {
        case .saved(let saved):
            loaded = saved
        case .unreadable(let reason):
            loaded = .pending
            // A delivery sink on the same file has just read it and reported the same condition.
            if !sharesFileWithDelivery {
                report(ConsentFile.unreadableDiagnostic(reason))
            }
        case .missing:
            loaded = deliveries.map(\.consent).reduce(defaultConsent) { $0.restricted(by: $1) }
        }
        lock.withLock { current = loaded }
        for delivery in deliveries where delivery.consent != loaded {
            delivery.consent = loaded
        }
        return loaded
    }

    /// Records `consent`: persists it and hands it to every delivery sink.
    func set(_ consent: DeliveryConsent) {
        lock.withLock { current = consent }
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

    /// Takes `consent`, set and saved by another tracker on the same storage directory, and hands it to
    /// every delivery sink.
    func adopt(_ consent: DeliveryConsent) {
        lock.withLock { current = consent }
        for delivery in deliveries where delivery.consent != consent {
            delivery.consent = consent
        }
    }

    // MARK: - Private

    private let file: ConsentFile
    private let deliveries: [DeliverySink]
    /// A delivery sink persists the choice in the same file: saving it once is enough.
    private let sharesFileWithDelivery: Bool
    private let report: @Sendable (TrackingDiagnostic) -> Void
    private let defaultConsent: DeliveryConsent
    private let lock = NSLock()
    private var current: DeliveryConsent
}
