/// The kind of interface a device presents, as UIKit reports it in ``UIDevice/userInterfaceIdiom``.
public enum UIUserInterfaceIdiom: Int, @unchecked Sendable {
    /// An unspecified idiom.
    case unspecified = -1
    /// An iPhone or iPod touch interface.
    case phone = 0
    /// An iPad interface.
    case pad = 1
    /// An Apple TV interface.
    case tv = 2
    /// A CarPlay interface.
    case carPlay = 3
    /// A Mac interface (Mac Catalyst, optimised for Mac).
    case mac = 5
    /// A visionOS interface.
    case vision = 6
}
