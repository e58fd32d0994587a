import Foundation

/// The bar at the bottom of a tab bar controller's view: a 49-point translucent strip over the content.
@MainActor
open class UITabBar: UIView {}
