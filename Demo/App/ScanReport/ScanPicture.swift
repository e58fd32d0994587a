#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation
import Tracking

/// What one scan saw: the window's views as rectangles, the tracker's verdict on every tracked view, and the
/// events the scan produced. One figure of a ``ScanReport``.
public struct ScanPicture: Sendable {
    // MARK: - Public

    /// One view of the window, in window coordinates.
    public struct ViewBox: Sendable, Equatable {
        /// The view's bounds converted to the window (`convert(_:to: nil)`).
        public var frame: CGRect
        /// Depth below the window (the window is 0).
        public var depth: Int
        /// The background colour as RGBA in `0...1`, or `nil` for none.
        public var fill: [Double]?
        /// A label's text or a button's title, to make the picture readable.
        public var text: String?
        /// The layer's border colour as RGBA in `0...1`, or `nil` when it has no border.
        public var border: [Double]? = nil
        /// The layer's border width, in points (0 without a border).
        public var borderWidth: Double = 0
        /// A label's text colour as RGBA in `0...1`.
        public var textColor: [Double]? = nil
        /// A label's font size, in points.
        public var fontSize: Double? = nil
    }

    /// The scan's number, from 1, counting every scan of the tracker.
    public var scanNumber: Int
    /// Seconds since the report started, on the tracker's clock.
    public var time: TimeInterval
    /// The scripted step running when the scan happened, if any.
    public var step: DemoSessionStep?
    /// Time spent in the scan itself.
    public var scanDuration: TimeInterval
    /// The window's bounds.
    public var windowBounds: CGRect
    /// Every view that is not hidden, parents before children (painting order).
    public var views: [ViewBox]
    /// The tracker's verdict on every tracked view and screen in the window.
    public var tracked: [VisibilityReport.Entry]
    /// The events the scan delivered, in order.
    public var events: [TrackingEvent]
    /// The views of the tracker's debug overlay as the scan left them, in the window's coordinates
    /// (`Tracker.showsDebugOverlay`); empty when it is off.
    public var overlay: [ViewBox] = []

    /// Names of the screens the scan counts as visible, such as `feed`.
    public var visibleScreens: [String] {
        tracked.compactMap { entry in
            guard entry.verdict == .visible, case .screen(let screen) = entry.subject else { return nil }
            return ScanPicture.name(screen.screenName.rawValue, screen.identifier)
        }
    }

    // MARK: - Internal

    /// `feed_cell#post-3`, or just the name without an identifier.
    static func name(_ name: String, _ identifier: String?) -> String {
        identifier.map { "\(name)#\($0)" } ?? name
    }

    /// The entry's subject as `feed_cell#post-3` or `feed`.
    static func name(of entry: VisibilityReport.Entry) -> String {
        switch entry.subject {
        case .element(let element): name(element.elementType.rawValue, element.identifier)
        case .screen(let screen): name(screen.screenName.rawValue, screen.identifier)
        }
    }

    /// Walks `window` with UIKit's own API, skipping hidden and fully transparent subtrees; frames are moved
    /// by `offset` (from `window`'s coordinates to another window's).
    @MainActor
    static func views(of window: UIWindow, offset: CGPoint = .zero) -> [ViewBox] {
        var boxes: [ViewBox] = []
        func visit(_ view: UIView, depth: Int) {
            guard !view.isHidden, view.alpha >= 0.01 else { return }
            let label = view as? UILabel
            let hasBorder = view.layer.borderWidth > 0
            boxes.append(ViewBox(
                frame: view.convert(view.bounds, to: nil).offsetBy(dx: offset.x, dy: offset.y),
                depth: depth,
                fill: rgba(view.backgroundColor),
                text: label?.text ?? (view as? UIButton)?.currentTitle,
                border: hasBorder ? view.layer.borderColor.flatMap { rgba(UIColor(cgColor: $0)) } : nil,
                borderWidth: hasBorder ? Double(view.layer.borderWidth) : 0,
                textColor: label.flatMap { rgba($0.textColor) },
                fontSize: label.map { Double($0.font.pointSize) }
            ))
            for subview in view.subviews {
                visit(subview, depth: depth + 1)
            }
        }
        visit(window, depth: 0)
        return boxes
    }

    // MARK: - Private

    @MainActor
    private static func rgba(_ color: UIColor?) -> [Double]? {
        guard let color else { return nil }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        guard color.getRed(&red, green: &green, blue: &blue, alpha: &alpha), alpha > 0 else { return nil }
        return [Double(red), Double(green), Double(blue), Double(alpha)]
    }
}
