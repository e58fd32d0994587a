import HeadlessUIKit

// The states' names as the lifecycle-order logs write them.

extension UIApplication.State {
    var name: String {
        switch self {
        case .active: "active"
        case .inactive: "inactive"
        case .background: "background"
        }
    }
}

extension UIScene.ActivationState {
    var name: String {
        switch self {
        case .unattached: "unattached"
        case .foregroundActive: "foregroundActive"
        case .foregroundInactive: "foregroundInactive"
        case .background: "background"
        }
    }
}
