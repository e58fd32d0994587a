import Foundation

/// The bar at the top of a navigation controller's view. HeadlessUIKit draws nothing: it is a 44-point
/// translucent strip (no background colour) over the top of the content.
@MainActor
open class UINavigationBar: UIView {}

/// The bar at the bottom of a tab bar controller's view: a 49-point translucent strip over the content.
@MainActor
open class UITabBar: UIView {}
