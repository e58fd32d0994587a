/// How often a screen that stays visible, or comes back, is recorded as a screen view.
///
/// A screen's identity is its ``TrackingScreen`` value (name, identifier, properties), not the view
/// controller that carries it.
public enum TrackingScreenViewPolicy: Hashable, Sendable, Codable {
    /// Once each time the screen becomes visible: a tab switch away and back, a pop back to it, or a return
    /// from the background is a new screen view. The default.
    case oncePerVisibilitySpan
    /// Once for the lifetime of the ``Tracker``, including across ``Tracker/stop()`` and ``Tracker/start()``.
    case oncePerTrackerLifetime
}
