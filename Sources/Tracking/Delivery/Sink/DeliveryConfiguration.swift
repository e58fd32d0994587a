import Foundation

/// Where and how a ``DeliverySink`` keeps and uploads events: the write key, the endpoint, the flush
/// triggers, consent, the storage directory and the caps.
///
/// ```swift
/// var configuration = DeliveryConfiguration(writeKey: "YOUR_WRITE_KEY")
/// configuration.endpoint = .segmentEU
/// configuration.flushAt = 50
/// configuration.defaultConsent = .pending
/// let delivery = DeliverySink(configuration: configuration)
/// ```
///
/// Given to a tracker (``Tracker/init(configuration:delivery:sinks:)``), a configuration that does not set
/// its own ``clock``, ``diagnosticHandler`` or ``storageDirectory`` uses the tracker's: one place for what
/// both need.
public struct DeliveryConfiguration: Sendable {
    // MARK: - Public

    /// The source's write key: it names the queue's directory (one queue per write key).
    public var writeKey: String

    /// The directory under which each write key's queue gets its own directory. Default: `Delivery` in
    /// ``SightlineStorage/defaultDirectory`` (Application Support), or in the tracker's
    /// ``TrackingConfiguration/storageDirectory`` when the tracker creates the sink; excluded from backup;
    /// on iOS with file protection `completeUntilFirstUserAuthentication`, so events are stored while the
    /// device is locked.
    ///
    /// - Important: Give it a directory of its own: at every launch everything under it is made private
    ///   (directories 0700, files 0600).
    public var storageDirectory: URL {
        get { ownStorageDirectory ?? Self.deliveryDirectory(in: SightlineStorage.defaultDirectory) }
        set { ownStorageDirectory = newValue }
    }

    /// Where the person's consent is saved (a file named `consent`): the app's Sightline directory
    /// (``SightlineStorage/defaultDirectory``), or the tracker's ``TrackingConfiguration/storageDirectory`` when
    /// the tracker creates the sink, where the tracker keeps the same file. It is shared by every write key and
    /// independent of ``storageDirectory``, so rotating the write key or moving the queue never forgets a denial.
    ///
    /// Set it only for a sink used without a tracker (tests point it at a temporary directory so that they
    /// never touch the real one); a sink handed to a tracker follows ``Tracker/consent`` whatever it holds.
    public var consentDirectory: URL {
        get { ownConsentDirectory ?? SightlineStorage.defaultDirectory }
        set { ownConsentDirectory = newValue }
    }

    /// Above this many bytes on disk, the oldest events are dropped, with a diagnostic. Default 32 MiB.
    public var maximumStoredBytes: Int = 32 << 20

    /// Events older than this are dropped instead of delivered, with a diagnostic. Default 7 days.
    public var maximumEventAge: TimeInterval = 7 * 24 * 3600

    /// The queue file being written is sealed (handed to the uploader) after this many events. Default 500.
    public var queueFileEventLimit: Int = 500

    /// The queue file being written is sealed once it reaches this many bytes. Default 256 KiB (a batch
    /// stays under the 500 KB request limit of Segment's API).
    public var queueFileByteLimit: Int = 256 << 10

    /// The queue file being written is sealed at the next event once it is this old. Default 30 s.
    public var queueFileAgeLimit: TimeInterval = 30

    /// The former name of ``queueFileEventLimit``.
    @available(*, deprecated, renamed: "queueFileEventLimit")
    public var segmentEventLimit: Int {
        get { queueFileEventLimit }
        set { queueFileEventLimit = newValue }
    }

    /// The former name of ``queueFileByteLimit``.
    @available(*, deprecated, renamed: "queueFileByteLimit")
    public var segmentByteLimit: Int {
        get { queueFileByteLimit }
        set { queueFileByteLimit = newValue }
    }

    /// The former name of ``queueFileAgeLimit``.
    @available(*, deprecated, renamed: "queueFileAgeLimit")
    public var segmentAgeLimit: TimeInterval {
        get { queueFileAgeLimit }
        set { queueFileAgeLimit = newValue }
    }

    /// The source of time for ages. Default ``SystemTrackingClock``, or the tracker's
    /// ``TrackingConfiguration/clock`` when the tracker creates the sink.
    public var clock: any TrackingClock {
        get { ownClock ?? SystemTrackingClock() }
        set { ownClock = newValue }
    }

    /// Receives every ``TrackingDiagnostic`` of delivery, on the thread where the problem was found.
    /// Default: ``TrackingDiagnostic/logToSystem``, or the tracker's
    /// ``TrackingConfiguration/diagnosticHandler`` when the tracker creates the sink.
    public var diagnosticHandler: @Sendable (TrackingDiagnostic) -> Void {
        get { ownDiagnosticHandler ?? TrackingDiagnostic.logToSystem }
        set { ownDiagnosticHandler = newValue }
    }

    /// The backend events are delivered to, and so the request format. Default ``DeliveryDestination/segment``.
    public var destination: DeliveryDestination = .segment

    /// Where batches are posted. Default: the destination's ``DeliveryDestination/defaultEndpoint``
    /// (``TrackingEndpoint/segmentUS`` for Segment).
    public var endpoint: TrackingEndpoint {
        get { ownEndpoint ?? destination.defaultEndpoint }
        set { ownEndpoint = newValue }
    }

    /// Upload once this many events were stored since the last flush. Default 20 (as Segment's SDKs).
    /// Values below 1 are replaced by the default, with a diagnostic.
    public var flushAt: Int = 20

    /// Upload at least this often while events are queued, in seconds, measured on ``clock``. Default 30.
    /// Values that are not positive are replaced by the default, with a diagnostic.
    public var flushInterval: TimeInterval = 30

    /// Compress request bodies with gzip (`Content-Encoding: gzip`). Default `true`: Segment's and
    /// RudderStack's batch endpoints decode it, and JSON batches shrink five- to tenfold, which matters on
    /// cellular networks and for the time a background task has. Set it to `false` for a self-hosted
    /// collector that does not decode request bodies.
    public var usesGzip: Bool = true

    /// Seconds without progress before an upload request fails (and is retried later). Default 30.
    public var requestTimeout: TimeInterval = 30

    /// The event name and property keys used on the wire for impressions and screen identifiers.
    public var wireNaming = TrackingWireNaming()

    /// The consent used when the app has never set one (no consent is persisted in the app's Sightline
    /// directory). Default ``DeliveryConsent/granted``; use ``DeliveryConsent/pending`` when the app asks
    /// the user first.
    public var defaultConsent: DeliveryConsent = .granted

    /// Called after every upload request, on the upload queue (never the main thread), with what was sent
    /// and what became of it. Default `nil`.
    public var uploadObserver: (@Sendable (DeliveryUploadReport) -> Void)?

    /// Creates a configuration with the default directory and caps.
    /// - Parameter writeKey: The source's write key.
    public init(writeKey: String) {
        self.writeKey = writeKey
    }

    // MARK: - Internal

    /// This configuration with `tracking`'s clock, diagnostic handler, storage directory (`Delivery` inside
    /// it) and consent directory (the storage directory itself, where the tracker keeps its consent) wherever
    /// it has not set its own.
    func inheriting(from tracking: TrackingConfiguration) -> DeliveryConfiguration {
        var inherited = self
        inherited.ownClock = ownClock ?? tracking.clock
        inherited.ownDiagnosticHandler = ownDiagnosticHandler ?? tracking.diagnosticHandler
        inherited.ownStorageDirectory = ownStorageDirectory ?? Self.deliveryDirectory(in: tracking.storageDirectory)
        inherited.ownConsentDirectory = ownConsentDirectory ?? tracking.storageDirectory
        return inherited
    }

    /// The delays between retries after failed uploads.
    package var uploadBackoff = UploadBackoffPolicy()

    /// The request and message size limits of the wire format: the destination's unless set.
    package var wireLimits: WireLimits {
        get { ownWireLimits ?? destination.wire.limits }
        set { ownWireLimits = newValue }
    }

    /// Called after each request body is built, before consent is checked to start it (a test's hook).
    package var uploadWillStart: (@Sendable () -> Void)?

    /// ``flushAt``, or its default (with a diagnostic) when it is below 1.
    var validFlushAt: Int {
        guard flushAt < 1 else { return flushAt }
        diagnosticHandler(TrackingDiagnostic(code: .invalidConfiguration, message: "flushAt \(flushAt) is out of range; using 20"))
        return 20
    }

    /// ``flushInterval``, or its default (with a diagnostic) when it is not positive and finite.
    var validFlushInterval: TimeInterval {
        guard !(flushInterval > 0 && flushInterval.isFinite) else { return flushInterval }
        diagnosticHandler(TrackingDiagnostic(code: .invalidConfiguration, message: "flushInterval \(flushInterval) is out of range; using 30"))
        return 30
    }

    /// This write key's queue directory: the key itself when it is a safe file name, else a hash of it.
    var queueDirectory: URL {
        let safe = writeKey.utf8.count <= 64 && !writeKey.isEmpty && !writeKey.hasPrefix(".")
            && writeKey.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in writeKey.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let name = safe ? writeKey : "key-" + String(hash, radix: 16)
        return storageDirectory.appendingPathComponent(name, isDirectory: true)
    }

    /// The store limits, each out-of-range value replaced by its default with a diagnostic.
    func storeLimits() -> EventStoreLimits {
        let defaults = DeliveryConfiguration(writeKey: writeKey)
        func valid<Value: Comparable>(_ name: String, _ value: Value, _ fallback: Value, minimum: Value) -> Value {
            guard value < minimum else { return value }
            diagnosticHandler(TrackingDiagnostic(
                code: .invalidConfiguration, message: "\(name) \(value) is out of range; using \(fallback)"
            ))
            return fallback
        }
        return EventStoreLimits(
            segmentEventCount: valid("queueFileEventLimit", queueFileEventLimit, defaults.queueFileEventLimit, minimum: 1),
            segmentByteCount: valid("queueFileByteLimit", queueFileByteLimit, defaults.queueFileByteLimit, minimum: 1),
            segmentAge: valid("queueFileAgeLimit", queueFileAgeLimit, defaults.queueFileAgeLimit, minimum: 0),
            storedByteCount: valid("maximumStoredBytes", maximumStoredBytes, defaults.maximumStoredBytes, minimum: 1),
            eventAge: valid("maximumEventAge", maximumEventAge, defaults.maximumEventAge, minimum: 0)
        )
    }

    // MARK: - Private

    /// The clock set on this configuration, if any.
    private var ownClock: (any TrackingClock)?
    /// The diagnostic handler set on this configuration, if any.
    private var ownDiagnosticHandler: (@Sendable (TrackingDiagnostic) -> Void)?
    /// The storage directory set on this configuration, if any.
    private var ownStorageDirectory: URL?
    /// The consent directory set on this configuration, if any.
    private var ownConsentDirectory: URL?
    /// The endpoint set on this configuration, if any.
    private var ownEndpoint: TrackingEndpoint?
    /// The wire limits set on this configuration, if any.
    private var ownWireLimits: WireLimits?

    /// Where delivery keeps its queues inside a storage directory.
    private static func deliveryDirectory(in storage: URL) -> URL {
        storage.appendingPathComponent("Delivery", isDirectory: true)
    }
}
