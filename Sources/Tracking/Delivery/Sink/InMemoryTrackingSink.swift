import Foundation

/// A sink that keeps every event in memory, in order: for tests, previews and debugging.
///
/// Thread-safe: ``events`` may be read from any thread while the tracker appends from the threads that record.
///
/// ```swift
/// let sink = InMemoryTrackingSink()
/// let tracker = Tracker(configuration: configuration, sinks: [sink])
/// tracker.scanNow()
/// XCTAssertEqual(sink.events.map(\.name), ["my_profile", "spark_button"])
/// ```
public final class InMemoryTrackingSink: TrackingSink, @unchecked Sendable {
    // MARK: - Public

    /// Creates an empty sink.
    public init() {}

    /// Every event received so far, in the order received.
    public var events: [TrackingEvent] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// Appends the event.
    public nonisolated func receive(_ event: TrackingEvent) {
        lock.lock()
        storage.append(event)
        lock.unlock()
    }

    /// Forgets every event received so far.
    public func removeAll() {
        lock.lock()
        storage.removeAll()
        lock.unlock()
    }

    // MARK: - Private

    private let lock = NSLock()
    private var storage: [TrackingEvent] = []
}
