import Foundation

/// The current ``DeliveryConsent`` under a lock that also serializes storing events and starting upload
/// requests, so an event is never stored in the area a consent change has just left, and no request starts
/// once a change away from ``DeliveryConsent/granted`` has returned.
///
/// Every denial advances a generation: a batch read under an earlier one (whose events the denial purged)
/// is never started, not even after consent is granted again.
final class ConsentState: UploadGate, @unchecked Sendable {
    // MARK: - Internal

    init(_ consent: DeliveryConsent) {
        value = consent
    }

    /// The consent now.
    var current: DeliveryConsent {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Runs `body` with the consent, holding the lock; `body` may change it. A change away from
    /// ``DeliveryConsent/granted`` cancels the requests in flight before the lock is released; a change to
    /// ``DeliveryConsent/denied`` also ends the generation.
    func withLock<Result>(_ body: (inout DeliveryConsent) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        let old = value
        defer {
            if value != old, value != .granted {
                for cancel in inFlight.values { cancel() }
                inFlight.removeAll()
            }
            if value != old, value == .denied { generation &+= 1 }
        }
        return try body(&value)
    }

    func ticket() -> UploadTicket? {
        lock.lock()
        defer { lock.unlock() }
        return value == .granted ? UploadTicket(generation: generation) : nil
    }

    func allows(_ ticket: UploadTicket) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return isAllowed(ticket)
    }

    func start(_ ticket: UploadTicket, key: Int, cancel: @escaping @Sendable () -> Void, resume: () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard isAllowed(ticket) else { return false }
        inFlight[key] = cancel
        resume()
        return true
    }

    func finish(_ key: Int) {
        lock.lock()
        inFlight[key] = nil
        lock.unlock()
    }

    // MARK: - Private

    private let lock = NSLock()
    private var value: DeliveryConsent
    private var generation: UInt64 = 0
    /// How to cancel each request started and not finished yet.
    private var inFlight: [Int: @Sendable () -> Void] = [:]

    private func isAllowed(_ ticket: UploadTicket) -> Bool {
        value == .granted && ticket.generation == generation
    }
}
