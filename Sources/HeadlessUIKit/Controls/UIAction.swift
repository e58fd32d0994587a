import Foundation

/// The closure a ``UIAction`` runs.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A titled closure, for controls' events.
@MainActor
open class UIAction: NSObject {
    /// The action's title.
    open var title: String
    let handler: UIActionHandler

    /// Creates an action.
    public init(title: String = "", handler: @escaping UIActionHandler) {
        self.title = title
        self.handler = handler
        super.init()
    }
}
