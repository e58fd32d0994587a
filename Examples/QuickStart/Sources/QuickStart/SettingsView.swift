#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import Tracking

extension TrackingScreenName { static let settings: Self = "settings" }
extension TrackingElementType { static let notificationsToggle: Self = "notifications_toggle" }

/// The settings screen of DocC's "Tracking SwiftUI views" article: a tracked screen with a tracked toggle.
// Snippet: swiftui-settings
struct SettingsView: View {
    @State private var notificationsOn = true

    var body: some View {
        List {
            Toggle("Notifications", isOn: $notificationsOn)
                .trackingElement(TrackingElement(elementType: .notificationsToggle))
        }
        .trackingScreen(TrackingScreen(screenName: .settings))
    }
}
// Snippet end
#endif
