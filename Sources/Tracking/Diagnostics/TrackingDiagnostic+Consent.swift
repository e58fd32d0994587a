extension TrackingDiagnostic.Code {
    // MARK: - Public

    /// More events were recorded while consent was pending than the tracker keeps for its sinks other than
    /// ``DeliverySink``s (1,000): when consent was granted, those sinks received the last 1,000 and the
    /// message counts the older ones they missed.
    public static let pendingEventsDropped = Self(rawValue: "pending_events_dropped")
}
