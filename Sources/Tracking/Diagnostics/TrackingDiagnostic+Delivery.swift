extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// The identity file could not be read or written; the identity in memory is used meanwhile.
    public static let identityStorageFailed = Self(rawValue: "identity_storage_failed")
    /// The event store could not create or open its directory or a segment file; events are refused until
    /// it can.
    public static let storeUnavailable = Self(rawValue: "store_unavailable")
    /// Writing an event to the store failed (a full disk, a file-size limit, an I/O error); the event was not
    /// stored and nothing stored before was touched.
    public static let storeWriteFailed = Self(rawValue: "store_write_failed")
    /// On opening the store, a segment ended in a torn or corrupt record; it and what followed it in that
    /// segment were skipped, everything before it kept.
    public static let storeCorruptTail = Self(rawValue: "store_corrupt_tail")
    /// A segment file could not be read at all; it was moved to the store's `quarantine` folder.
    public static let storeQuarantined = Self(rawValue: "store_quarantined")
    /// The store exceeded its byte or age cap; the oldest events were dropped, and the message counts them.
    public static let storeCapExceeded = Self(rawValue: "store_cap_exceeded")
}
