#if canImport(SwiftUI) && canImport(UIKit)
// Snippet: swiftui
import SwiftUI
import Tracking

extension TrackingScreenName { static let plans: Self = "plans" }
extension TrackingElementType {
    static let planRow: Self = "plan_row"
    static let renewalToggle: Self = "renewal_toggle"
}

struct Plan: Identifiable {
    let id: String
    let name: String
}

struct PlansView: View {
    let plans: [Plan]
    @State private var renews = true
    @State private var isComparing = false

    var body: some View {
        ZStack(alignment: .bottom) {
            List {
                Toggle("Renew automatically", isOn: $renews)
                    .trackingElement(TrackingElement(elementType: .renewalToggle))
                ForEach(plans) { plan in
                    Text(plan.name)
                        .trackingElement(TrackingElement(elementType: .planRow, identifier: plan.id))
                }
            }
            if isComparing {
                Text("Compare plans")
                    .frame(maxWidth: .infinity, minHeight: 240)
                    .background(Color.white)
                    .trackingOccluder()   // opaque: the rows it covers are not visible
            }
        }
        .trackingScreen(TrackingScreen(screenName: .plans))
    }
}

// Shown like any SwiftUI screen; the tracker needs nothing more.
@MainActor
func makePlansScreen(plans: [Plan]) -> UIViewController {
    UIHostingController(rootView: PlansView(plans: plans))
}
// Snippet end
#endif
