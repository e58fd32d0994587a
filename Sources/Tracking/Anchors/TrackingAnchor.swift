/// What a SwiftUI anchor view (``TrackingAnchorView``) declares besides an element: the screen it stands
/// for, the screen its element belongs to, and whether it covers what lies behind it.
///
/// An internal component of the tracking store, kept like the others (weakly keyed by the anchor view), so
/// the scanner finds every anchor without walking the hierarchy. SwiftUI draws without views, so these
/// facts cannot come from the view tree: a `.trackingScreen` modifier is a sibling of its elements' anchors,
/// not their ancestor, and an opaque SwiftUI background is not a view with a background colour.
struct TrackingAnchor: Equatable {
    // MARK: - Internal

    /// The screen this anchor stands for (`View.trackingScreen(_:)`): measured like a tracked
    /// controller's root view.
    var screen: TrackingScreen?
    /// The screen the anchor's element belongs to, given through SwiftUI's environment by an enclosing
    /// `View.trackingScreen(_:)`; it wins over the nearest tracked controller up the view tree.
    var environmentScreen: TrackingScreen?
    /// Whether the anchor's rectangle counts as an opaque cover (`View.trackingOccluder()`), though the
    /// anchor itself is transparent.
    var isOccluder = false

    /// Whether the component says nothing (then the store drops it).
    var isEmpty: Bool { screen == nil && environmentScreen == nil && !isOccluder }
}
