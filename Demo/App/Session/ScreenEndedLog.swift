import Foundation
import Tracking

/// Keeps the `Screen Ended` events the tracker delivers, for ``DemoSession`` to compare with lifecycle
/// timing. Receives them on whatever thread delivers (the main thread for scans and backgrounding).
final class ScreenEndedLog: TrackingSink, @unchecked Sendable {
    // MARK: - Internal

    /// The `Screen Ended` events so far, in delivery order.
    var events: [TrackingEvent] {
        lock.withLock { ended }
    }

    func receive(_ event: TrackingEvent) {
        guard event.kind == .screenEnded else { return }
        lock.withLock { ended.append(event) }
    }

    // MARK: - Private

    private let lock = NSLock()
    private var ended: [TrackingEvent] = []
}
