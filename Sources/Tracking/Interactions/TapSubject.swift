/// What a tap was attributed to: the element and the screen a scan gives it. Rage taps count taps per
/// subject, by value, as impressions do (a reused cell showing the same item is the same subject).
struct TapSubject: Hashable {
    /// The tapped element's component.
    var element: TrackingElement
    /// The screen the element was on, if any.
    var screen: TrackingScreen?
}
