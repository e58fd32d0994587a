extension Tracker {
    // MARK: - Public

    /// Explains what the tracker sees right now: every tracked view and tracked screen in a window, with
    /// its window-space frame, visible ratio, attributed screen and a verdict (visible, hidden,
    /// transparent, clipped, occluded, below the threshold…).
    ///
    /// Uses the tracker's own scanner and thresholds, so a verdict of ``VisibilityReport/Verdict/visible``
    /// means a scan now would count it, except in a window with a view-controller transition in flight, for
    /// which a scan records nothing. Records nothing and delivers nothing.
    ///
    /// ```swift
    /// let report = tracker.visibilityReport()
    /// for entry in report.entries where entry.verdict != .visible {
    ///     print("not counted:", entry.subject, entry.verdict, entry.frame)
    /// }
    /// ```
    ///
    /// - Important: Meant for debugging and tooling; unlike a scan, it allocates freely.
    public func visibilityReport() -> VisibilityReport {
        VisibilityReport(scanner: scanner)
    }
}
