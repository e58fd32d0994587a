import Foundation

/// The sinks the person's consent lets an event reach, read by the tracker's deliverer on any thread, and
/// the events recorded while consent is pending, kept for the sinks that could not take them then.
///
/// | consent    | sinks                                                                    |
/// |------------|--------------------------------------------------------------------------|
/// | `granted`  | all                                                                      |
/// | `pending`  | ``DeliverySink``s (which keep events apart); the others' copies are kept  |
/// | `denied`   | none; nothing is stamped or shown to a hook                              |
///
/// While pending, the last ``heldLimit`` events delivered are kept, in memory, for the other sinks; a grant
/// hands them over (``grant()``), a denial forgets them.
final class TrackerConsentGate: @unchecked Sendable {
    // MARK: - Internal

    /// The most events kept for the other sinks while consent is pending.
    static let heldLimit = 1_000

    /// - Parameters:
    ///   - consent: The consent now.
    ///   - sinks: The tracker's sinks, in order.
    init(consent: DeliveryConsent, sinks: [any TrackingSink]) {
        self.consent = consent
        self.sinks = sinks
        deliverySinks = sinks.filter { $0 is DeliverySink }
        otherSinks = sinks.filter { !($0 is DeliverySink) }
    }

    /// Whether events are recorded at all (consent is not denied).
    var allowsRecording: Bool {
        lock.lock()
        defer { lock.unlock() }
        return consent != .denied
    }

    /// The sinks that receive `event` now; while consent is pending, keeps it for the others.
    func sinks(keeping event: TrackingEvent) -> [any TrackingSink] {
        lock.lock()
        defer { lock.unlock() }
        switch consent {
        case .granted:
            return sinks
        case .pending:
            if !otherSinks.isEmpty {
                keep(event)
            }
            return deliverySinks
        case .denied:
            return []
        }
    }

    /// Applies pending or denied at once (a denial forgets what was kept). A grant goes through ``grant()``.
    func restrict(to consent: DeliveryConsent) {
        lock.lock()
        defer { lock.unlock() }
        self.consent = consent
        if consent == .denied {
            held.removeAll()
            heldStart = 0
            dropped = 0
        }
    }

    /// Grants consent and returns what was kept while it was pending, for the sinks other than delivery
    /// sinks, and how many older events were not kept.
    func grant() -> (held: [TrackingEvent], dropped: Int, sinks: [any TrackingSink]) {
        lock.lock()
        defer { lock.unlock() }
        consent = .granted
        let result = (Array(held[heldStart...]), dropped, otherSinks)
        held.removeAll()
        heldStart = 0
        dropped = 0
        return result
    }

    // MARK: - Private

    private let lock = NSLock()
    private var consent: DeliveryConsent
    private let sinks: [any TrackingSink]
    private let deliverySinks: [any TrackingSink]
    private let otherSinks: [any TrackingSink]
    /// The events kept are `held[heldStart...]`: the oldest is dropped by moving the start, and the array is
    /// compacted once every ``heldLimit`` drops, so that each event recorded while pending costs O(1), not a
    /// move of the thousand kept.
    private var held: [TrackingEvent] = []
    private var heldStart = 0
    private var dropped = 0

    /// Keeps `event` for the other sinks, dropping the oldest beyond ``heldLimit``; called with the lock held.
    private func keep(_ event: TrackingEvent) {
        held.append(event)
        guard held.count - heldStart > Self.heldLimit else { return }
        heldStart += 1
        dropped += 1
        if heldStart >= Self.heldLimit {
            held.removeFirst(heldStart)
            heldStart = 0
        }
    }
}
