/// Where a ``Tracker`` delivers its events: the backend side of the tracker, like swift-log's `LogHandler`.
///
/// The tracker calls ``receive(_:)`` on the main actor, synchronously, after a scan is complete, once per
/// event and sink, in recording order. A sink that needs to do slow work (disk, network) must hand the
/// event off to its own queue and return at once: the main thread is the app's.
///
/// Throwing is how a sink reports that it could not take an event: the tracker turns the error into a
/// ``TrackingDiagnostic/Code/sinkFailed`` diagnostic, and the other sinks still receive the event.
/// Receiving runs after the scan, so a sink may even change the view hierarchy without confusing it.
///
/// ```swift
/// struct PrintSink: TrackingSink {
///     func receive(_ event: TrackingEvent) throws {
///         print(event)
///     }
/// }
/// ```
public protocol TrackingSink: Sendable {
    /// Takes one event.
    /// - Parameter event: The event, already validated (names present and within limits, numbers finite).
    /// - Throws: Any error, to report that the sink could not take the event.
    @MainActor func receive(_ event: TrackingEvent) throws

    /// Sends what the sink holds now, if it sends anything anywhere (``DeliverySink`` starts an upload);
    /// returns at once. ``Tracker/flush()`` calls it on every sink. The default does nothing.
    @MainActor func flush()
}

extension TrackingSink {
    // MARK: - Public

    /// Does nothing: a sink that only receives has nothing to send.
    @MainActor public func flush() {}
}
