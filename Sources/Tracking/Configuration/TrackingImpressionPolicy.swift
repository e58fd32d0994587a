/// How often an element that stays on screen, or comes back, is recorded as an impression.
///
/// An element's identity is its ``TrackingElement`` value (type, identifier, properties) on its screen, not
/// the view that shows it, so a reused cell showing another post is another element.
public enum TrackingImpressionPolicy: Hashable, Sendable, Codable {
    /// Once each time the element becomes visible: leaving the screen (or the visible area, or the app going
    /// to the background) and coming back is a new impression. The default.
    case oncePerVisibilitySpan
    /// Once while its screen stays visible: scrolling an element away and back on the same screen view is
    /// not a new impression; a new screen view of that screen is. Elements outside any tracked screen
    /// fall back to ``oncePerVisibilitySpan``.
    case oncePerScreenView
    /// Once for the lifetime of the ``Tracker``, including across ``Tracker/stop()`` and ``Tracker/start()``.
    case oncePerTrackerLifetime
}
