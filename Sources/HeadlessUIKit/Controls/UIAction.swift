import Foundation

/// The closure a ``UIAction`` runs.
public typealias UIActionHandler = (UIAction) -> Void

/// A titled closure, for controls' events.
@MainActor
open class UIAction: NSObject {
    /// The action's title.
    open var title: String
    let handler: UIActionHandler

    /// Creates an action (a subset of UIKit's initializer, whose other parameters all have defaults).
    public convenience init(title: String = "", handler: @escaping UIActionHandler) {
        self.init(storedTitle: title, handler: handler)
    }

    private init(storedTitle: String, handler: @escaping UIActionHandler) {
        self.title = storedTitle
        self.handler = handler
        super.init()
    }
}
