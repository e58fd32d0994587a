import Foundation

/// The current ``DeliveryConsent`` under a lock that also serializes storing events, so an event is never
/// stored in the area a consent change has just left.
final class ConsentState: @unchecked Sendable {
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

    /// Runs `body` with the consent, holding the lock; `body` may change it.
    func withLock<Result>(_ body: (inout DeliveryConsent) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    // MARK: - Private

    private let lock = NSLock()
    private var value: DeliveryConsent
}
