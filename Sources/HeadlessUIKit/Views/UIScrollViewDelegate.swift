import Foundation

/// Receives a scroll view's scrolling, in UIKit's order: `scrollViewWillBeginDragging`,
/// `scrollViewDidScroll`…, `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// `scrollViewDidEndDragging(_:willDecelerate:)`, then, when decelerating, `scrollViewWillBeginDecelerating`,
/// `scrollViewDidScroll`…, `scrollViewDidEndDecelerating`.
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The content offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag is about to start.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted; `targetContentOffset` is where scrolling will stop, and may be changed.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// Deceleration is about to start.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// Deceleration ended.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing (optional in UIKit).
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing (optional in UIKit).
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing (optional in UIKit).
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing (optional in UIKit).
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing (optional in UIKit).
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing (optional in UIKit).
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
}
