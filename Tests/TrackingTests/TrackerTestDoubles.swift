import Foundation
import TestSupport
import Tracking

/// A sink that always throws.
struct ThrowingTrackingSink: TrackingSink {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    func receive(_ event: TrackingEvent) throws {
        throw Failure()
    }
}

/// A sink that runs arbitrary main-actor code for each event (to mutate the hierarchy, re-enter the
/// tracker, stop it…), then records the event.
final class ActionTrackingSink: TrackingSink, @unchecked Sendable {
    private(set) var events: [TrackingEvent] = []
    private let action: @MainActor (TrackingEvent) -> Void

    init(_ action: @escaping @MainActor (TrackingEvent) -> Void) {
        self.action = action
    }

    /// Runs the action and records the event; only scans deliver to it, on the main thread.
    func receive(_ event: TrackingEvent) {
        MainActor.assumeIsolated { action(event) }
        events.append(event)
    }
}

extension TrackingConfiguration {
    /// A configuration on `clock` that reports into `log`, without lifecycle events (their own tests have
    /// them; these assert exact sequences of scanned and explicit events), storing in a directory of its own
    /// under this process's temporary one: a saved session (whose dates come from another test's clock)
    /// never reaches another test.
    static func testing(clock: ManualTrackingClock, log: DiagnosticLog) -> TrackingConfiguration {
        var configuration = TrackingConfiguration()
        configuration.tracksApplicationLifecycleEvents = false
        configuration.clock = clock
        configuration.diagnosticHandler = log.handler
        configuration.storageDirectory = TemporaryDirectory.url("Tracker")
        return configuration
    }
}

/// A sink that logs every call it gets, `receive <name>`, `flush` and `reset`, in order, from any thread.
final class CallLogTrackingSink: TrackingSink, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    var calls: [String] {
        lock.withLock { entries }
    }

    func receive(_ event: TrackingEvent) {
        lock.withLock { entries.append("receive \(event.name)") }
    }

    func flush() {
        lock.withLock { entries.append("flush") }
    }

    func reset() {
        lock.withLock { entries.append("reset") }
    }
}
