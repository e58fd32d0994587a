import Foundation

extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// An encoded message was over the 32 KB limit of the Segment HTTP Tracking API; it was dropped.
    public static let messageTooLarge = Self(rawValue: "message_too_large")
    /// The collector rejected a batch (a 4xx other than 408, 413 and 429, or 413 for a single message); the
    /// batch was dropped, since sending it again would be rejected again.
    public static let batchRejected = Self(rawValue: "batch_rejected")
    /// An upload failed (5xx, 408, 429, a timeout, a transport error); the batch is kept and retried after
    /// a backoff. Not reported when the device is offline; a host that refuses connections or cannot be
    /// found (a wrong endpoint, or offline) is reported once, and again an hour later if it lasts.
    public static let uploadFailed = Self(rawValue: "upload_failed")
    /// The endpoint's parts do not form a valid URL; nothing can be uploaded until it is fixed.
    public static let invalidEndpoint = Self(rawValue: "invalid_endpoint")
    /// A stored event lacks what its wire message needs (a screen view without a screen, an explicit event
    /// without a name, an event without an identity, which Segment would reject); it was dropped alone.
    public static let eventNotSendable = Self(rawValue: "event_not_sendable")
    /// Stored events were older than the destination accepts (Mixpanel's `/track` takes the last 5 days);
    /// they were dropped before the request, counted by one diagnostic per batch.
    public static let eventTooOld = Self(rawValue: "event_too_old")
    /// The consent could not be saved in the write key's directory (it holds for this process only), or the
    /// saved consent could not be read (consent is then pending until the app sets it).
    public static let consentStorageFailed = Self(rawValue: "consent_storage_failed")
}
