#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What a scan worked out about one anchor it reached: a tracked view or a tracked screen's root view.
/// Only built when an observer asks (the visibility report); the fast path never creates one.
struct ScanAnchor {
    var view: UIView
    /// Position of the view's window in the scan's front-to-back window order.
    var windowIndex: Int
    /// The view's bounds in window coordinates (bounding box when transformed).
    var frame: ScanBox
    /// Visible fraction after hiding, alpha and clipping, before occlusion.
    var unoccludedRatio: Double
    /// Visible fraction after occlusion too: what the scan judged.
    var visibleRatio: Double
    /// The view's element component, if it carries one.
    var element: TrackingElement?
    /// The screen whose root view this is, if any.
    var screen: TrackingScreen?
    /// The nearest screen up the view tree (the view's own, if it is a root view).
    var contextScreen: TrackingScreen?
}

/// Receives the anchors of a scan, for debugging tools. A protocol with a generic scan function, so the
/// production scan is specialized for ``NoScanObserver`` and pays nothing.
@MainActor
protocol ScanObserver {
    /// Whether to build and pass anchors at all.
    var observesAnchors: Bool { get }
    /// Called for every anchor the scan reached, visible or not, in breadth-first order.
    mutating func observe(_ anchor: ScanAnchor)
}

/// The production observer: observes nothing.
struct NoScanObserver: ScanObserver {
    /// Unused: a stored byte so that the type is not empty. Under `-sanitize=thread`, an empty struct passed
    /// `inout` into an unspecialized generic function (the scan, at `-Onone`) has no real address, and the
    /// callee's instrumentation of the inout access (`__tsan_external_write`) writes shadow memory for that
    /// meaningless address: SEGV. A toolchain fault (Swift 6.3.1 on Linux): swiftlang/swift#35579 stopped
    /// instrumenting inout accesses to types known to be empty, which a generic parameter is not. Reproduced
    /// without Sightline: docs/design/tsan-empty-inout.md.
    private var unused: UInt8 = 0

    var observesAnchors: Bool { false }
    func observe(_ anchor: ScanAnchor) {}
}
