extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// The identity file could not be read or written; the identity in memory is used meanwhile.
    public static let identityStorageFailed = Self(rawValue: "identity_storage_failed")
    /// Sightline's storage could not be made private (owner-only modes, excluded from backup, a file
    /// protection class); the message counts the items and names the first error.
    public static let storageProtectionFailed = Self(rawValue: "storage_protection_failed")
    /// The event store could not create or open its directory or a segment file; events are refused until
    /// it can.
    public static let storeUnavailable = Self(rawValue: "store_unavailable")
    /// Writing an event to the store failed (a full disk, a file-size limit, an I/O error); the event was not
    /// stored and nothing stored before was touched.
    public static let storeWriteFailed = Self(rawValue: "store_write_failed")
    /// On opening the store, a segment ended in a torn or corrupt record; it and what followed it in that
    /// segment were skipped, everything before it kept.
    public static let storeCorruptTail = Self(rawValue: "store_corrupt_tail")
    /// A file in the store's directory could not be used (unreadable, not a regular file, over the size cap,
    /// numbered beyond range); it was moved to the store's `quarantine` folder.
    public static let storeQuarantined = Self(rawValue: "store_quarantined")
    /// The store exceeded its byte or age cap; the oldest events were dropped, and the message counts them.
    public static let storeCapExceeded = Self(rawValue: "store_cap_exceeded")
}
