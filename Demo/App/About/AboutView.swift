#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI
import Tracking

/// The demo's SwiftUI screen, presented from Settings: a tracked screen with tracked rows, and a "what's new"
/// panel whose opaque SwiftUI background hides the rows under it (marked with `trackingOccluder()`).
///
/// Built only where SwiftUI and UIKit exist: the headless demo keeps its UIKit path.
struct AboutView: View {
    // MARK: - Internal

    /// Called when the user taps "Done".
    var onClose: () -> Void

    var body: some View {
        ZStack(alignment: .bottom) {
            VStack(spacing: 0) {
                HStack {
                    Text("About Sightline").font(.headline)
                    Spacer()
                    Button("Done", action: onClose)
                }
                .padding()
                List {
                    Toggle("Share anonymous statistics", isOn: $sharesStatistics)
                        .trackingElement(TrackingElement(elementType: .statisticsToggle))
                    ForEach(Self.topics, id: \.self) { topic in
                        Button(topic) { isShowingWhatsNew = topic == "What's new" }
                            .trackingElement(TrackingElement(elementType: .aboutTopic, identifier: topic))
                    }
                }
            }
            if isShowingWhatsNew {
                VStack(spacing: 12) {
                    Text("What's new").font(.headline)
                    Text("SwiftUI views are tracked by what is really on screen.")
                    Button("Close") { isShowingWhatsNew = false }
                }
                .frame(maxWidth: .infinity, minHeight: 220)
                .background(Color.white)
                .trackingElement(TrackingElement(elementType: .whatsNewPanel))
                .trackingOccluder()
            }
        }
        .trackingScreen(TrackingScreen(screenName: .about))
    }

    // MARK: - Private

    private static let topics = ["What's new", "Privacy", "Licences"]

    @State private var sharesStatistics = true
    @State private var isShowingWhatsNew = false
}
#endif
