import Foundation
import Tracking

/// Where people tapped on one screen: the screen's picture when it was first tapped, and every tap, rage tap
/// and dead tap recorded on it at its place (``ScanReportHTML`` draws it as a heatmap).
public struct TapHeatmap: Sendable {
    // MARK: - Public

    /// A recorded tap event at its place.
    public struct Mark: Sendable, Equatable {
        /// What was recorded.
        public var kind: TrackingEventKind
        /// Where the finger landed, in window points.
        public var point: CGPoint
        /// The tapped element, as `like_button#post-6`.
        public var element: String
        /// A rage tap's number of taps.
        public var tapCount: Int?
    }

    /// The screen, as `post_detail#post-6`, or `no screen`.
    public var screen: String
    /// The window's bounds.
    public var windowBounds: CGRect
    /// The window's views when the screen was first tapped.
    public var views: [ScanPicture.ViewBox]
    /// The taps, rage taps and dead taps on the screen, in order.
    public var marks: [Mark]

    /// How many marks of `kind` the heatmap holds.
    public func count(of kind: TrackingEventKind) -> Int {
        marks.filter { $0.kind == kind }.count
    }
}
