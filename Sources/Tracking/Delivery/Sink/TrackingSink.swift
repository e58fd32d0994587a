/// Where a ``Tracker`` delivers its events: the backend side of the tracker, like swift-log's `LogHandler`.
///
/// The tracker calls ``receive(_:)`` once per event and sink, in the order the events were recorded, one
/// event at a time, with no lock of the tracker held, on the thread that recorded the event (the main
/// thread for scanned events, the caller's thread for ``Tracker/track(_:properties:)-(_,TrackingProperties)``
/// and the other explicit calls, which may come from any thread), or, when another thread was delivering at
/// that moment, on that thread or the tracker's delivery queue. The events a tracker records as it is
/// created (`Application Installed`, `Application Opened`) wait for its files, which it reads off the main
/// thread: they reach the sinks at the main thread's next run-loop turn, or with the next call if one comes
/// first, on that call's thread. A sink may call the tracker back (that event is delivered after the current
/// one). A sink that needs to do slow work (network, heavy encoding)
/// must hand the event off to its own queue and return at once: the caller may be the main thread.
///
/// While ``Tracker/consent`` is ``DeliveryConsent/pending``, only ``DeliverySink``s receive events; the
/// tracker keeps the last 1,000 for the other sinks and hands them over, oldest first, when consent is
/// granted (a ``TrackingDiagnostic/Code/pendingEventsDropped`` diagnostic counts older ones), before any
/// event recorded after the grant. They are kept in memory: what a previous process recorded while pending
/// reaches only the delivery sinks. A denial forgets them.
///
/// Throwing is how a sink reports that it could not take an event: the tracker turns the error into a
/// ``TrackingDiagnostic/Code/sinkFailed`` diagnostic, and the other sinks still receive the event.
/// Receiving runs after the scan, so a sink may even change the view hierarchy (on the main thread)
/// without confusing it.
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
    /// - Parameter event: The event, already validated (names present and within limits, numbers finite)
    ///   and passed through ``TrackingConfiguration/beforeSend``.
    /// - Throws: Any error, to report that the sink could not take the event.
    func receive(_ event: TrackingEvent) throws

    /// Sends what the sink holds now, if it sends anything anywhere (``DeliverySink`` starts an upload);
    /// returns at once. ``Tracker/flush()`` calls it on every sink, once the calls made before it have reached
    /// the sinks. The default does nothing.
    func flush()

    /// Learns that the person logged out: ``Tracker/reset()`` calls it on every sink, after the new
    /// anonymous id is in place and before any event recorded under it. ``DeliverySink`` seals the queue
    /// file being written and starts an upload, so the previous person's events leave first and no queue
    /// file holds two identities. The default does nothing.
    func reset()
}

extension TrackingSink {
    // MARK: - Public

    /// Does nothing: a sink that only receives has nothing to send.
    public func flush() {}

    /// Does nothing: a sink that only receives keeps no identity.
    public func reset() {}
}
