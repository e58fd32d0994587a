#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// The environment entry through which `View.trackingScreen(_:)` reaches the element anchors inside it:
/// they are its anchor's siblings in the hosting view, not its descendants, so the view tree cannot tell
/// them their screen. An `EnvironmentKey` rather than `@Entry`, which needs the Swift 6 macro toolchain
/// (Xcode 16) to build.
struct TrackingScreenEnvironmentKey: EnvironmentKey {
    static let defaultValue: TrackingScreen? = nil
}
#endif
