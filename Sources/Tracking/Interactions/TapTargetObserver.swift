#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// Picks out, from a scan, what the scan makes of one tracked view: the view under a person's finger.
///
/// The tap is judged by the same scan, with the same thresholds, as impressions are: hidden, transparent,
/// clipped or occluded views, and views in a window left out of the scan (a transition in flight, a scene
/// in the background), are not visible, and the element's screen is the one the scan attributes it to.
struct TapTargetObserver: ScanObserver {
    // MARK: - Internal

    /// The tracked view to find.
    let target: UIView
    /// What the scan worked out about ``target``; `nil` when the scan did not reach it.
    private(set) var anchor: ScanAnchor?

    init(target: UIView) {
        self.target = target
    }

    var observesAnchors: Bool { true }

    mutating func observe(_ anchor: ScanAnchor) {
        guard anchor.view === target, anchor.element != nil else { return }
        self.anchor = anchor
    }
}
