/// Where a covering (`.fullScreen` or `.currentContext`) presentation took the presenter's view from, to
/// put it back on dismissal.
///
/// The superview is held weakly: UIKit does not retain a view's former superview, and a strong reference
/// here would close a cycle (window → root controller → presenter → window) that kept the whole hierarchy
/// alive after the app released its window mid-presentation.
@MainActor
struct CoveredViewPlacement {
    /// The view the presenter's view was a subview of; `nil` once it is gone.
    weak var superview: UIView?
    /// The presenter's view's index among that superview's subviews.
    var index: Int
}
