#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// A tap the debug overlay marks where the finger landed, for ``lifetime`` seconds of the tracker's clock: a
/// blue ring for an `Element Tapped`, a larger red ring captioned "rage" for a `Rage Tap`, a grey one
/// captioned "dead" for a `Dead Tap` (drawn when the dead tap is recorded, at the tap's place).
struct DebugOverlayTapMark {
    // MARK: - Internal

    /// What was recorded.
    enum Kind {
        case tap
        case rageTap
        case deadTap
    }

    /// How long a mark stays, in seconds of the tracker's clock.
    static let lifetime: Double = 1

    var kind: Kind
    /// Where the finger landed, in ``window``'s points.
    var point: CGPoint
    /// The window touched: the mark is drawn only over its scene, at its place on the screen.
    weak var window: UIWindow?
    /// When the event was recorded (tracker clock uptime).
    var uptime: Double

    /// The mark for a tap event carrying its position, else `nil`.
    /// - Parameters:
    ///   - event: The event recorded.
    ///   - window: The window the tap landed in.
    ///   - uptime: Now, on the tracker's clock.
    init?(_ event: TrackingEvent, in window: UIWindow, uptime: Double) {
        guard let position = event.tapPosition else { return nil }
        switch event.kind {
        case .tap: kind = .tap
        case .rageTap: kind = .rageTap
        case .deadTap: kind = .deadTap
        default: return nil
        }
        point = CGPoint(x: position.x, y: position.y)
        self.window = window
        self.uptime = uptime
    }

    /// The ring's diameter, in points.
    var diameter: CGFloat { kind == .tap ? 24 : 40 }

    /// The ring's caption.
    var caption: String {
        switch kind {
        case .tap: ""
        case .rageTap: "rage"
        case .deadTap: "dead"
        }
    }
}
