/// How a presented controller is shown.
public enum UIModalPresentationStyle: Int, Sendable {
    /// Covers the screen; the presenting controller disappears and its view leaves the window.
    case fullScreen = 0
    /// A sheet that leaves the presenting view in the window, under it.
    case pageSheet = 1
    /// A sheet (on iPhone, like ``pageSheet``).
    case formSheet = 2
    /// Covers the context controller, which disappears.
    case currentContext = 3
    /// A custom presentation; the presenting view stays.
    case custom = 4
    /// Covers the screen; the presenting view stays in the window, under it.
    case overFullScreen = 5
    /// Covers the context controller, whose view stays, under it.
    case overCurrentContext = 6
    /// A popover (on iPhone, adapted to a sheet).
    case popover = 7
    /// No adaptation.
    case none = -1
    /// The system's choice: ``pageSheet`` for plain controllers.
    case automatic = -2
}
