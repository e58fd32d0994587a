#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The sink that makes events leave the device: it stores every event it receives in a crash-safe queue on
/// disk, one queue per write key, for an uploader to send to a Segment-compatible backend.
///
/// **Durability**: when ``receive(_:)`` returns, the event has been written to a file with one `write(2)`
/// and survives the app being killed (`kill -9`, a crash, the system ending it). It reaches the storage
/// device itself (surviving power loss) when its segment is sealed or the app goes to the background
/// (`fsync`). Every event keeps its ``TrackingEvent/id`` all the way, so delivery is at least once and
/// deduplicable downstream.
///
/// **Cost on the main thread**: one compact binary encoding and one `write(2)`, a few microseconds (see the
/// `DeliveryBenchmark` runner). A full disk or unwritable directory makes ``receive(_:)`` throw (the tracker
/// reports it as a diagnostic) without touching what is already stored.
///
/// ```swift
/// let delivery = DeliverySink(configuration: DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY"))
/// let tracker = Tracker(sinks: [delivery])
/// ```
///
/// - Important: Use one sink per write key per process: two sinks on the same directory would interleave
///   segments.
public final class DeliverySink: TrackingSink, @unchecked Sendable {
    // MARK: - Public

    /// The configuration the sink was created with.
    public let configuration: DeliveryConfiguration

    /// Opens the write key's queue, recovering what an earlier process left, and starts observing the app
    /// going to the background.
    ///
    /// Recovery reads and checks every queued record (about 1 ms per 1,000 queued events in a release build),
    /// so create the sink once, early, like the tracker.
    /// - Parameters:
    ///   - configuration: The write key, directory and caps.
    ///   - notificationCenter: Where `UIApplication.didEnterBackgroundNotification` is observed. Default
    ///     `.default`.
    public init(configuration: DeliveryConfiguration, notificationCenter: NotificationCenter = .default) {
        self.configuration = configuration
        self.notificationCenter = notificationCenter
        store = EventStore(
            directory: configuration.queueDirectory,
            limits: configuration.storeLimits(),
            clock: configuration.clock,
            report: configuration.diagnosticHandler
        )
        let store = store
        backgroundObservation = notificationCenter.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { _ in
            DispatchQueue.global(qos: .utility).async { store.synchronize() }
        }
    }

    deinit {
        notificationCenter.removeObserver(backgroundObservation)
    }

    /// Appends the event to the queue on disk; when this returns, it survives the process being killed.
    /// - Parameter event: The event, already validated by the tracker.
    /// - Throws: The system error when the event could not be written (a full disk, an unwritable
    ///   directory); nothing stored before is affected.
    public nonisolated func receive(_ event: TrackingEvent) throws {
        try store.append(event)
    }

    /// Whether events may leave the device; thread-safe, persisted in the write key's directory, and
    /// changeable at any time.
    ///
    /// - ``DeliveryConsent/pending``: new events go to a separate pending area and are never uploaded.
    /// - ``DeliveryConsent/granted``: new events join the upload queue, and so does the pending area.
    /// - ``DeliveryConsent/denied``: everything not yet uploaded, pending included, is purged, and new
    ///   events are not stored. A batch in flight when consent becomes denied is not retried.
    ///
    /// Until the app sets it, it is the persisted value, else ``DeliveryConfiguration/defaultConsent``.
    public var consent: DeliveryConsent {
        get { consentValue }
        set { consentValue = newValue }
    }

    /// Starts uploading everything stored now (sealing the segment being written); returns at once.
    ///
    /// Joins an upload in progress instead of starting a second one; during a backoff after a failure it
    /// sends nothing (the retry is already scheduled). ``Tracker/flush()`` calls it.
    public nonisolated func flush() {}

    /// Uploads everything stored now, as ``flush()`` does, and returns what that flush did.
    /// - Returns: The events delivered, kept and rejected, and the requests made.
    public func flushAndWait() async -> DeliveryFlushSummary {
        DeliveryFlushSummary()
    }

    /// What the sink stored, delivered and dropped since it was created, and what it holds now.
    public var statistics: DeliveryStatistics {
        DeliveryStatistics()
    }

    // MARK: - Internal

    /// The queue on disk.
    let store: EventStore

    // MARK: - Private

    private let notificationCenter: NotificationCenter
    private let backgroundObservation: any NSObjectProtocol
    nonisolated(unsafe) private var consentValue: DeliveryConsent = .granted
}
