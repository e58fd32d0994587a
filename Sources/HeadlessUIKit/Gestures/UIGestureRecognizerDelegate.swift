import Foundation

/// Fine-tunes a gesture recognizer: whether it may begin, which touches it receives, and how it shares
/// touches with other recognizers.
///
/// Every method is optional in UIKit; here each is a requirement with UIKit's default behaviour in an
/// extension, so an app's delegate overrides only what it needs.
@MainActor
public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    /// Asked when the recognizer tries to leave ``UIGestureRecognizer/State/possible``; `false` makes it
    /// fail instead. Default: `true`.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer about to begin or recognize.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool

    /// Asked when one of two recognizers would keep the other from recognizing; `true` lets both
    /// recognize. Default: `false`. Either recognizer's delegate answering `true` is enough.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer whose delegate is asked.
    ///   - otherGestureRecognizer: The other recognizer.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool

    /// Asked once per recognition attempt whether `gestureRecognizer` must wait for
    /// `otherGestureRecognizer` to fail. Default: `false`.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer that would wait.
    ///   - otherGestureRecognizer: The recognizer that would have to fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool

    /// Asked once per recognition attempt whether `otherGestureRecognizer` must wait for
    /// `gestureRecognizer` to fail. Default: `false`.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer that would have to fail.
    ///   - otherGestureRecognizer: The recognizer that would wait.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool

    /// Asked before the recognizer sees a new touch (before its `touchesBegan(_:with:)`); `false` keeps the
    /// touch from it for the whole sequence. Default: `true`.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer that would receive the touch.
    ///   - touch: The touch that began.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool

    /// Asked once per event, before the recognizer is asked about the event's new touches; `false` keeps the
    /// event from it. Default: `true`.
    /// - Parameters:
    ///   - gestureRecognizer: The recognizer that would receive the event.
    ///   - event: The event.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool
}

extension UIGestureRecognizerDelegate {
    /// Returns `true` (UIKit's behaviour when the delegate does not implement it).
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Returns `false` (UIKit's behaviour when the delegate does not implement it).
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Returns `false` (UIKit's behaviour when the delegate does not implement it).
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Returns `false` (UIKit's behaviour when the delegate does not implement it).
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Returns `true` (UIKit's behaviour when the delegate does not implement it).
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }

    /// Returns `true` (UIKit's behaviour when the delegate does not implement it).
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool { true }
}
