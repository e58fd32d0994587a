import Foundation

/// The names recorded events get on the wire, where the Segment spec leaves them to the app.
///
/// Screen views are `screen` calls named by the screen (``TrackingScreen/screenName``) with the screen's
/// properties. Impressions are `track` calls named ``impressionEvent`` (default `Element Viewed`, in
/// Segment's Object-Action style) whose properties are the element's own, plus the keys in
/// ``propertyKeys``:
///
/// | key (default)   | value                                          |
/// |-----------------|------------------------------------------------|
/// | `element_type`  | the element type, for example `spark_button`  |
/// | `element_id`    | the element's identifier, when it has one      |
/// | `screen_name`   | the screen the element was seen on             |
/// | `screen_id`     | that screen's identifier, when it has one      |
/// | `visible_ratio` | the visible fraction when recorded, 0…1        |
///
/// Taps are `track` calls too: ``tapEvent`` (default `Element Tapped`) and ``rageTapEvent`` (default
/// `Rage Tap`), with the element's own properties plus `element_type`, `element_id`, `screen_name` and
/// `screen_id` as above (no `visible_ratio`); a rage tap adds `tap_count` (``PropertyKeys/tapCount``). Both
/// carry where the finger came down (``TrackingEvent/tapPosition``):
///
/// | key (default)    | value                                                       |
/// |------------------|-------------------------------------------------------------|
/// | `tap_x`, `tap_y` | points from the window's top-left corner                    |
/// | `tap_element_x`  | within the element, 0 at its left edge, 1 at its right edge |
/// | `tap_element_y`  | within the element, 0 at its top edge, 1 at its bottom edge |
///
/// Rename them to match an existing tracking plan:
///
/// ```swift
/// var naming = TrackingWireNaming()
/// naming.impressionEvent = "Impression"
/// naming.propertyKeys.elementType = "component"
/// ```
///
/// The end of a screen's visibility span (``TrackingEventKind/screenEnded``) is a `track` call named
/// ``screenEndedEvent`` (default `Screen Ended`) whose properties are the screen's own, plus `screen_name`,
/// `screen_id` (when it has one) and `visible_ms` (``PropertyKeys/visibleDuration``): the whole milliseconds
/// the screen was visible, an integer; plus `elements_viewed` (``PropertyKeys/elementsViewed``), the
/// impressions recorded in the span, and, for a screen with a main vertical scroll view, `scroll_depth`
/// (``PropertyKeys/scrollDepth``), how far down its content was shown, 0…1 (see <doc:Engagement>).
///
/// With exposure reporting on (``TrackingConfiguration/reportsElementExposure``), the end of an impressed
/// element's visibility span is a `track` call named ``exposureEvent`` (default `Element Exposure`) with the
/// element's own properties, `element_type`, `element_id`, `screen_name` and `screen_id` as for impressions,
/// `visible_ms` (the whole milliseconds the element was at or above the impression ratio) and
/// `max_visible_ratio` (``PropertyKeys/maximumVisibleRatio``, the largest visible fraction of the span).
///
/// Added keys are written after the element's own properties. They win over an app property of the same
/// name: the app's value is left out of the message (``DeliverySink`` reports it when it receives the event),
/// because every object has one value per key and the SDK's facts must stay trustworthy. Rename the
/// property, or the added key, to send both.
public struct TrackingWireNaming: Hashable, Sendable {
    // MARK: - Public

    /// The property keys added to impressions and taps (and `screen_id` and `visible_ratio` to screen views;
    /// `screen_name`, `screen_id` and `visible_ms` to `Screen Ended`).
    public struct PropertyKeys: Hashable, Sendable {
        /// The element type (default `element_type`).
        public var elementType = "element_type"
        /// The element's identifier (default `element_id`).
        public var elementIdentifier = "element_id"
        /// The screen the element was seen on (default `screen_name`).
        public var screenName = "screen_name"
        /// The screen's identifier (default `screen_id`).
        public var screenIdentifier = "screen_id"
        /// The visible fraction when recorded (default `visible_ratio`).
        public var visibleRatio = "visible_ratio"
        /// How long a screen (on `Screen Ended` events) or an element (on exposure events) was visible, in
        /// whole milliseconds (default `visible_ms`).
        public var visibleDuration = "visible_ms"
        /// How far down a screen's main vertical scroll view was shown, 0…1, on `Screen Ended` events
        /// (default `scroll_depth`).
        public var scrollDepth = "scroll_depth"
        /// How many impressions a screen's span recorded, on `Screen Ended` events (default
        /// `elements_viewed`).
        public var elementsViewed = "elements_viewed"
        /// The largest visible fraction of an element's span, on exposure events (default
        /// `max_visible_ratio`).
        public var maximumVisibleRatio = "max_visible_ratio"
        /// How many taps a rage tap's burst had (default `tap_count`).
        public var tapCount = "tap_count"
        /// Where a tap's finger came down, in points from the window's left edge (default `tap_x`).
        public var tapX = "tap_x"
        /// Where a tap's finger came down, in points from the window's top edge (default `tap_y`).
        public var tapY = "tap_y"
        /// Where a tap's finger came down within the element, 0 at its left edge to 1 at its right edge
        /// (default `tap_element_x`).
        public var tapElementX = "tap_element_x"
        /// Where a tap's finger came down within the element, 0 at its top edge to 1 at its bottom edge
        /// (default `tap_element_y`).
        public var tapElementY = "tap_element_y"

        /// The default keys.
        public init() {}
    }

    /// The `event` of impression `track` calls (default `Element Viewed`).
    public var impressionEvent = "Element Viewed"
    /// The `event` of the `track` calls that end a screen's visibility span (default `Screen Ended`).
    public var screenEndedEvent = "Screen Ended"
    /// The `event` of ``TrackingEventKind/exposure`` `track` calls (default `Element Exposure`).
    public var exposureEvent = "Element Exposure"
    /// The `event` of ``TrackingEventKind/tap`` `track` calls (default `Element Tapped`).
    public var tapEvent = "Element Tapped"
    /// The `event` of ``TrackingEventKind/rageTap`` `track` calls (default `Rage Tap`).
    public var rageTapEvent = "Rage Tap"
    /// The `event` of ``TrackingEventKind/deadTap`` `track` calls (default `Dead Tap`).
    public var deadTapEvent = "Dead Tap"
    /// The property keys added to events.
    public var propertyKeys = PropertyKeys()

    /// The default names.
    public init() {}
}
