import Foundation

/// The current device: its operating system, model and interface idiom.
///
/// HeadlessUIKit models the iPhone its ``UIScreen`` describes: `systemName` is `"iOS"`, `model` and
/// `localizedModel` are `"iPhone"`, the idiom is ``UIUserInterfaceIdiom/phone``, and
/// ``identifierForVendor`` is one UUID for the life of the process (UIKit keeps it per vendor across
/// launches; a headless process has no vendor).
@MainActor
open class UIDevice: NSObject {
    /// The device the app runs on.
    open class var current: UIDevice { sharedCurrent }

    /// The user-assigned name of the device. Since iOS 16, UIKit returns the generic model name
    /// (`"iPhone"`) unless the app has the user-assigned-device-name entitlement.
    open var name: String { "iPhone" }
    /// The model, such as `"iPhone"` or `"iPad"` (not the hardware identifier).
    open var model: String { "iPhone" }
    /// The model as a localized string.
    open var localizedModel: String { "iPhone" }
    /// The name of the operating system, `"iOS"` (`"iPadOS"` on iPads).
    open var systemName: String { "iOS" }
    /// The operating system version, such as `"17.5"`.
    open var systemVersion: String { "17.5" }
    /// The style of interface the device uses.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// An identifier the same for every app of one vendor on this device; `nil` before the device is
    /// first unlocked after a restart.
    open var identifierForVendor: UUID? { vendorIdentifier }

    private static let sharedCurrent = UIDevice()
    private let vendorIdentifier = UUID()

    override init() {
        super.init()
    }
}
