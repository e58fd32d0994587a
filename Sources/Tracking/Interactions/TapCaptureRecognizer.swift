#if canImport(UIKit)
import UIKit
// The subclass API (a settable `state`, the touch methods, `reset()`, `canPrevent(_:)`…). The iOS 26 SDK's
// umbrella header already includes it; older SDKs need the explicit import, which stays harmless.
import UIKit.UIGestureRecognizerSubclass
#else
import HeadlessUIKit
#endif

/// The tracker's passive observer of one window's touches: it sees every touch hit-tested into its window,
/// before the views do, and reports the ones that were taps to its ``TapCapture``. It never recognizes.
///
/// ## Never in the way
/// - It never leaves ``UIGestureRecognizer/State/possible`` except for
///   ``UIGestureRecognizer/State/failed``: at the end of every touch sequence, and as soon as the sequence
///   cannot be a tap (a second finger, a move beyond ``TapRule/allowableMovement``, a press longer than
///   ``TapRule/maximumDuration``). A failed recognizer affects nothing, and no other recognizer can be waiting for
///   it: nobody else holds it to `require(toFail:)`, and it requires nothing.
/// - `cancelsTouchesInView`, `delaysTouchesBegan` and `delaysTouchesEnded` are `false`: views and controls
///   get their touches at the same moment and in the same phases as without it.
/// - `canPrevent(_:)` and `canBePrevented(by:)` are `false`, it is its own delegate and recognizes
///   simultaneously with every recognizer, and it neither requires nor is required to fail.
/// - It has no target or action, and gesture recognizers take no part in accessibility.
///
/// It keeps no `UITouch` (UIKit reuses them), only the identity, start point, start time and (weakly) hit-test
/// view of the one touch it follows. A tap is reported with where the finger came down (the point UIKit
/// hit-tested), in its window's coordinates.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
@MainActor
final class TapCaptureRecognizer: UIGestureRecognizer, UIGestureRecognizerDelegate {
    // MARK: - Internal

    /// The recognizer's `name`, for anyone debugging a window's recognizers.
    static let recognizerName = "Sightline.TapCapture"

    /// Where taps go; held weakly (the window owns the recognizer, the tracker owns the capture).
    private(set) weak var capture: TapCapture?

    /// Makes the recognizer passive and attaches it to `capture`. (No initializer of its own: UIKit's
    /// designated one takes an Objective-C selector, HeadlessUIKit's takes none.)
    func configure(for capture: TapCapture) {
        self.capture = capture
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
        delegate = self
        name = Self.recognizerName
    }

    // MARK: - Touches

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard followedTouch == nil, touches.count == 1, let touch = touches.first else {
            // Two fingers are not a tap.
            giveUp()
            return
        }
        followedTouch = ObjectIdentifier(touch)
        startLocation = touch.location(in: nil)
        startTime = touch.timestamp
        hitView = touch.view
        if let hitView = touch.view, let window = view as? UIWindow {
            capture?.touchBegan(on: hitView, in: window)
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let touch = followed(in: touches) else { return }
        if !isStillATap(touch) { giveUp() }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if let touch = followed(in: touches), isStillATap(touch), let hitView = hitView ?? touch.view,
           let window = view as? UIWindow {
            capture?.recordTap(on: hitView, in: window, at: startLocation)
        }
        giveUp()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        giveUp()
    }

    override func reset() {
        super.reset()
        followedTouch = nil
        hitView = nil
    }

    // MARK: - Never preventing, never prevented

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        true
    }

    // MARK: - Private

    private var followedTouch: ObjectIdentifier?
    /// The touch's hit-test view as it began: UIKit sets `UITouch.view` to `nil` once another recognizer has
    /// recognized the touch and no view receives it any more, which may happen before this one hears the end.
    private weak var hitView: UIView?
    private var startLocation = CGPoint.zero
    private var startTime: TimeInterval = 0

    private func followed(in touches: Set<UITouch>) -> UITouch? {
        guard let followedTouch else { return nil }
        return touches.first { ObjectIdentifier($0) == followedTouch }
    }

    private func isStillATap(_ touch: UITouch) -> Bool {
        let location = touch.location(in: nil)
        let dx = Double(location.x - startLocation.x), dy = Double(location.y - startLocation.y)
        return dx * dx + dy * dy <= TapRule.allowableMovement * TapRule.allowableMovement
            && touch.timestamp - startTime <= TapRule.maximumDuration
    }

    /// Fails (from `.possible`, the only state it is ever in): UIKit stops sending it this sequence's
    /// touches and resets it when the sequence ends.
    private func giveUp() {
        followedTouch = nil
        hitView = nil
        if state == .possible { state = .failed }
    }
}
