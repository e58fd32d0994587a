extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// Property values were nested deeper than ``TrackingConfiguration/maximumPropertyDepth``; the deeper
    /// values were dropped. ``DeliverySink`` refuses an event nested deeper than it can store.
    public static let propertiesTooDeep = Self(rawValue: "properties_too_deep")
    /// An event's properties held more values than ``TrackingConfiguration/maximumPropertyCount``; the
    /// values past the limit were dropped.
    public static let tooManyProperties = Self(rawValue: "too_many_properties")
    /// An event's properties were larger as JSON than ``TrackingConfiguration/maximumPropertiesByteCount``;
    /// properties were dropped until they fit.
    public static let propertiesTooLarge = Self(rawValue: "properties_too_large")
    /// An app property has the name of a key the SDK adds to the message (``TrackingWireNaming``); the
    /// SDK's value is sent and the app's is not.
    public static let reservedPropertyKey = Self(rawValue: "reserved_property_key")
    /// An event's timestamp is NaN, infinite or outside years 0000 to 9999, so no ISO-8601 timestamp can
    /// carry it; ``DeliverySink`` refused the event.
    public static let invalidTimestamp = Self(rawValue: "invalid_timestamp")
}
