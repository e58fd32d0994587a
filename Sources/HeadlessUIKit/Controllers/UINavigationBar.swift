import Foundation

/// The bar at the top of a navigation controller's view. HeadlessUIKit draws nothing: it is a 44-point
/// translucent strip (no background colour) over the top of the content.
@MainActor
open class UINavigationBar: UIView {}
