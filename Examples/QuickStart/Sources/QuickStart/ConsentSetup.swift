import Tracking

/// The README's consent set-up, compiled as written (it names a real backend, so tests never run it).
enum ConsentSetup {
    /// A tracker that asks first, then follows the person's answer.
    /// - Parameter userAgreed: What the person chose in the consent dialog.
    @MainActor
    static func tracker(userAgreed: Bool) -> Tracker {
        // Snippet: consent
        var delivery = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
        delivery.defaultConsent = .pending          // ask first
        let tracker = Tracker(delivery: delivery)
        // later, from the consent dialog:
        tracker.consent = userAgreed ? .granted : .denied
        // Snippet end
        return tracker
    }
}
