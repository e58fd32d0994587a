/// What one SwiftUI modifier asks of the anchor it places: each modifier places its own anchor, with one role.
enum TrackingAnchorRole: Equatable {
    /// `View.trackingElement(_:)`: the anchor carries the element (none: it tracks nothing).
    case element(TrackingElement?)
    /// `View.trackingScreen(_:)`: the anchor stands for the screen (none: it stands for nothing).
    case screen(TrackingScreen?)
    /// `View.trackingOccluder()`: the anchor's rectangle is an opaque cover.
    case occluder
}
