#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

extension EnvironmentValues {
    // MARK: - Internal

    /// The screen of the nearest enclosing `View.trackingScreen(_:)`, which every element anchor inside
    /// it is attributed to; `nil` outside any.
    var trackingScreen: TrackingScreen? {
        get { self[TrackingScreenEnvironmentKey.self] }
        set { self[TrackingScreenEnvironmentKey.self] = newValue }
    }
}
#endif
