#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

extension View {
    // MARK: - Public

    /// Tracks this SwiftUI view as an element: the ``Tracker`` records an impression when it has really
    /// been visible long enough, as for a `UIView` with a `trackingElement`.
    ///
    /// ```swift
    /// PostRow(post: post)
    ///     .trackingElement(TrackingElement(elementType: .feedCell, identifier: post.id))
    /// ```
    ///
    /// A small transparent UIKit anchor view goes behind the view (a `UIViewRepresentable` background), so
    /// the scan measures the view's own frame: clipped by scroll views and lists, faded or hidden with the
    /// hosting view, covered by windows and opaque views in front. The anchor takes no touches, has no
    /// accessibility role and draws nothing. The element belongs to the screen of the nearest enclosing
    /// `trackingScreen(_:)`, else to the nearest view controller with a `trackingScreen` (the
    /// hosting controller, say). Identity is the component, so a lazy row built again is the same
    /// impression while it stays on screen, and a new one after it has left, like a reused cell.
    /// - Parameter element: The element; `nil` tracks nothing.
    /// - Returns: The view with its anchor.
    public func trackingElement(_ element: TrackingElement?) -> some View {
        background(alignment: .center) { TrackingAnchorRepresentable(role: .element(element)) }
    }

    /// Makes this SwiftUI view a tracked screen: the ``Tracker`` records a screen view when it is really on
    /// screen (by the screen rule, the view's visible fraction), and attributes every
    /// `trackingElement(_:)` inside it to this screen.
    ///
    /// ```swift
    /// SettingsView()
    ///     .trackingScreen(TrackingScreen(screenName: .settings))
    /// ```
    ///
    /// Its anchor is a sibling of its elements' anchors in the hosting view, not their ancestor, so the
    /// screen reaches them through SwiftUI's environment: the nearest enclosing one wins, and it wins over
    /// a hosting controller's own `trackingScreen`, which still counts as a UIKit screen (for elements
    /// outside any SwiftUI screen, too). Put it on the view that fills the screen, such as the content of a
    /// navigation stack's destination.
    /// - Parameter screen: The screen; `nil` tracks none (and gives the views inside no screen).
    /// - Returns: The view with its anchor and environment.
    public func trackingScreen(_ screen: TrackingScreen?) -> some View {
        background(alignment: .center) { TrackingAnchorRepresentable(role: .screen(screen)) }
            .environment(\.trackingScreen, screen)
    }

    /// Declares this SwiftUI view an opaque cover: tracked views that it paints over (earlier in a `ZStack`,
    /// say) and windows behind it count as hidden where it covers them.
    ///
    /// ```swift
    /// ZStack {
    ///     FeedList()
    ///     if isShowingPanel {
    ///         FilterPanel().background(Color.white).trackingOccluder()
    ///     }
    /// }
    /// ```
    ///
    /// SwiftUI draws its own backgrounds and shapes without views, so the scan cannot see that they are
    /// opaque; UIKit views (a sheet's hosting view, say) are seen by their background colour already. The
    /// anchor itself stays transparent: it only tells the scan that its frame is covered.
    /// - Returns: The view with its anchor.
    public func trackingOccluder() -> some View {
        background(alignment: .center) { TrackingAnchorRepresentable(role: .occluder) }
    }
}
#endif
