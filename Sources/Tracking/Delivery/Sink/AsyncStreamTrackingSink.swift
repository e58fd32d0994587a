/// A sink that republishes events as an `AsyncStream`, for consumers written with Swift concurrency.
///
/// ```swift
/// let stream = AsyncStreamTrackingSink()
/// let tracker = Tracker(configuration: configuration, sinks: [stream])
/// Task {
///     for await event in stream.events { await upload(event) }
/// }
/// ```
///
/// - Important: The stream has one consumer, like every `AsyncStream`. The buffer is unbounded by
///   default; pass a bounded policy if nothing may be consuming. An event the buffer drops makes
///   ``receive(_:)`` throw ``Failure/bufferFull``, which the tracker reports as a diagnostic.
public final class AsyncStreamTrackingSink: TrackingSink {
    // MARK: - Public

    /// Why the stream could not take an event.
    public enum Failure: Error, Hashable, Sendable {
        /// The stream's buffer was full; the event (or, with `.bufferingNewest`, an older one) was dropped.
        case bufferFull
    }

    /// Every event the tracker delivers, in order, until ``finish()``.
    public let events: AsyncStream<TrackingEvent>

    /// Creates the sink and its stream.
    /// - Parameter bufferingPolicy: What the stream keeps while its consumer is behind. Default unbounded.
    public init(bufferingPolicy: AsyncStream<TrackingEvent>.Continuation.BufferingPolicy = .unbounded) {
        (events, continuation) = AsyncStream.makeStream(of: TrackingEvent.self, bufferingPolicy: bufferingPolicy)
    }

    /// Yields the event to the stream. After ``finish()`` or the consumer's cancellation, events are
    /// ignored: nobody is listening any more.
    /// - Throws: ``Failure/bufferFull`` when the buffer dropped an event.
    public nonisolated func receive(_ event: TrackingEvent) throws {
        if case .dropped = continuation.yield(event) {
            throw Failure.bufferFull
        }
    }

    /// Ends the stream: its consumer's loop finishes after the events already buffered.
    public func finish() {
        continuation.finish()
    }

    // MARK: - Private

    private let continuation: AsyncStream<TrackingEvent>.Continuation
}
