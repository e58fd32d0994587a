import Foundation

@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// The person's choice about tracking: one switch for every sink, identity persistence and upload.
    ///
    /// | consent    | sinks that receive events                        | identity and session on disk   |
    /// |------------|--------------------------------------------------|--------------------------------|
    /// | `granted`  | all                                              | saved                          |
    /// | `pending`  | ``DeliverySink``s (kept apart, not uploaded); the others later (see below) | saved |
    /// | `denied`   | none                                             | not written; the files removed |
    ///
    /// Every ``DeliverySink`` among ``sinks`` follows it (its ``DeliverySink/consent`` is set to the same
    /// value: pending events join the upload queue when granted and are purged when denied, a request in
    /// flight is cancelled when consent is withdrawn). Set consent here, not on those sinks.
    ///
    /// While it is pending, the sinks other than delivery sinks receive nothing; the tracker keeps the last
    /// 1,000 events for them, in memory, and hands them over when consent is granted, before anything
    /// recorded after the grant (a ``TrackingDiagnostic/Code/pendingEventsDropped`` diagnostic counts the
    /// older ones). While it is denied, no ``TrackingConfiguration/beforeSend`` hook sees any event.
    ///
    /// It is persisted once for the app, in `consent` in ``TrackingConfiguration/storageDirectory`` (the
    /// Sightline directory by default, where delivery sinks keep it too), and survives relaunches. Until
    /// the app sets it, it is the persisted value, else the most restrictive of
    /// ``TrackingConfiguration/defaultConsent`` and the delivery sinks' consents; a persisted value that
    /// cannot be read counts as pending. A denial that cannot be saved normally still makes a relaunch read
    /// denied or pending, never granted.
    ///
    /// Trackers of the process on one storage directory (however the path is spelled) share it and the
    /// identity: setting it on one sets it on every other.
    ///
    /// Main actor: set it from the consent dialog's handler. The tracker reads the persisted choice off the
    /// main thread after it is created; right after `init`, reading or setting this waits for that read.
    ///
    /// ```swift
    /// tracker.consent = .pending          // before the consent dialog
    /// tracker.consent = accepted ? .granted : .denied
    /// ```
    public var consent: DeliveryConsent {
        get {
            // Read off the main thread after `init`; right after it, this waits for that read.
            mailbox.waitUntilLoaded()
            return consentSwitch.value
        }
        set {
            apply(newValue, saving: true)
            // One state per storage directory: the other trackers on it follow.
            for other in sharedStorage.trackers(besides: self) {
                other.apply(newValue, saving: false)
            }
        }
    }

    // MARK: - Private

    /// Applies `consent`. A denial or pending applies at once to every event not yet delivered; a grant
    /// applies in the order of calls, after what was recorded before it, and first hands the other sinks
    /// what was recorded while consent was pending.
    /// - Parameter saving: Whether to persist it (not when another tracker on the directory did).
    private func apply(_ consent: DeliveryConsent, saving: Bool) {
        // After the load's own read of the persisted choice, which would otherwise override this one.
        mailbox.waitUntilLoaded()
        if consent != .granted {
            consentGate.restrict(to: consent)
        }
        if saving {
            consentSwitch.set(consent)
        } else {
            consentSwitch.adopt(consent)
        }
        identityStore.persists = consent != .denied
        sessionStore.persists = consent != .denied
        if consent == .granted {
            mailbox.submit { [self] in handOverHeldEvents() }
        }
    }

    /// Grants consent to delivery and hands the sinks other than delivery sinks what they could not take
    /// while consent was pending, oldest first.
    private nonisolated func handOverHeldEvents() {
        let (held, dropped, others) = consentGate.grant()
        if dropped > 0 {
            report(TrackingDiagnostic(
                code: .pendingEventsDropped,
                message: "\(dropped) event(s) recorded while consent was pending are not handed to the sinks other than delivery sinks; they get the last \(held.count)"
            ))
        }
        for event in held {
            hand(event, to: others)
        }
    }
}
