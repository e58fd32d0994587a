/// What a ``TrackingEvent`` records: a screen view, an impression, an explicit event, an identification, a
/// tap or a rage tap.
///
/// String-backed and open, so that new kinds (taps, for example) can be added without breaking the
/// event format or anyone's `switch`.
public struct TrackingEventKind: TrackingName {
    /// The kind as it is sent to analytics.
    public let rawValue: String

    /// Creates a kind from its analytics name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A tracked screen became visible.
    public static let screenView: Self = "screen_view"
    /// A tracked screen's visibility span ended (covered, left, backgrounded, or the tracker stopped); the
    /// event's ``TrackingEvent/visibleDuration`` is how long the scans saw it. Sent as a `track` call named
    /// ``TrackingWireNaming/screenEndedEvent`` (default `Screen Ended`).
    public static let screenEnded: Self = "screen_ended"
    /// A tracked element stayed visible long enough to count as seen.
    public static let impression: Self = "impression"
    /// The visibility span of an element that was recorded as an ``impression`` ended (scrolled away,
    /// covered, hidden, another screen, the background, ``Tracker/stop()``), with exposure reporting on
    /// (``TrackingConfiguration/reportsElementExposure``, ``TrackingElement/reportsExposure``). Its
    /// ``TrackingEvent/visibleDuration`` is the time the element was at or above the impression ratio, its
    /// ``TrackingEvent/visibleRatio`` the largest ratio of the span. Sent as a `track` call named
    /// ``TrackingWireNaming/exposureEvent`` (default `Element Exposure`).
    public static let exposure: Self = "exposure"
    /// An explicit event recorded with ``Tracker/track(_:properties:)-(_,TrackingProperties)``.
    public static let track: Self = "track"
    /// The user was identified with ``Tracker/identify(userID:traits:)-(_,TrackingProperties)``.
    public static let identify: Self = "identify"
    /// The user joined a group (a company, a team, an account) with ``Tracker/group(_:traits:)-(_,TrackingProperties)``.
    public static let group: Self = "group"
    /// The user's previous id was merged into a new one with ``Tracker/alias(_:)``.
    public static let alias: Self = "alias"
    /// A person tapped a tracked element (see ``TrackingConfiguration/capturesTaps``). The event's
    /// ``TrackingEvent/element`` is the tracked thing under the finger, its ``TrackingEvent/screen`` the
    /// screen the scanner's rule gives that element, its ``TrackingEvent/tapPosition`` where the finger came
    /// down.
    public static let tap: Self = "tap"
    /// A person tapped one tracked element ``TrackingConfiguration/rageTapCount`` times within
    /// ``TrackingConfiguration/rageTapInterval`` and ``TrackingConfiguration/rageTapRadius``: recorded once
    /// per burst, right after the ``tap`` that completes it, with the burst's taps so far in
    /// ``TrackingEvent/tapCount`` and that tap's ``TrackingEvent/tapPosition``.
    public static let rageTap: Self = "rage_tap"
    /// A person tapped an interactive tracked element (an enabled control with actions, or a view with an
    /// enabled tap recognizer on it or an ancestor) and nothing visible changed within
    /// ``TrackingConfiguration/deadTapInterval`` (see ``TrackingConfiguration/capturesDeadTaps``). The
    /// event has the tap's timestamp, element, screen and ``TrackingEvent/tapPosition``.
    public static let deadTap: Self = "dead_tap"
}
