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
    /// A tracked element stayed visible long enough to count as seen.
    public static let impression: Self = "impression"
    /// An explicit event recorded with ``Tracker/track(_:properties:)-(_,TrackingProperties)``.
    public static let track: Self = "track"
    /// The user was identified with ``Tracker/identify(userID:traits:)-(_,TrackingProperties)``.
    public static let identify: Self = "identify"
    /// A person tapped a tracked element (see ``TrackingConfiguration/capturesTaps``). The event's
    /// ``TrackingEvent/element`` is the nearest tracked view under the finger, its
    /// ``TrackingEvent/screen`` the screen a scan gives that element.
    public static let tap: Self = "tap"
    /// A person tapped one tracked element ``TrackingConfiguration/rageTapCount`` times within
    /// ``TrackingConfiguration/rageTapInterval``: recorded once per burst, right after the
    /// ``tap`` that completes it, with the burst's taps so far in ``TrackingEvent/tapCount``.
    public static let rageTap: Self = "rage_tap"
}
