#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import UIKit

/// The SwiftUI side of an anchor: a `UIViewRepresentable` placed in a `.background`, so that SwiftUI gives
/// its ``TrackingAnchorView`` the modified view's frame. A thin shell: everything the anchor does is in the
/// anchor view (``TrackingAnchorView/apply(_:environmentScreen:)``), which is plain UIKit code and tested
/// headlessly.
struct TrackingAnchorRepresentable: UIViewRepresentable {
    // MARK: - Internal

    /// What the modifier asks of the anchor.
    var role: TrackingAnchorRole

    func makeUIView(context: Context) -> TrackingAnchorView {
        TrackingAnchorView()
    }

    func updateUIView(_ anchor: TrackingAnchorView, context: Context) {
        // Called again whenever the role or the environment changes: a new component is a new entity.
        anchor.apply(role, environmentScreen: context.environment.trackingScreen)
    }

    static func dismantleUIView(_ anchor: TrackingAnchorView, coordinator: Void) {
        anchor.removeComponents()
    }
}
#endif
