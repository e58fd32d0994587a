#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// What one visible view (or window) shows, as ``VisibleStateSnapshot`` records it: two records are equal
/// exactly when nothing about the view that the eye could see differs (see `docs/design/visible-change.md`).
///
/// Records are kept in walk (breadth-first) order with their parent's place in the walk, so the sequence of
/// records also fixes the hierarchy's shape and painting order: a view added, removed, reordered or moved
/// to another parent changes the sequence.
struct VisibleViewRecord {
    // MARK: - Internal

    /// The view's identity. Not a reference: a snapshot keeps no view alive.
    var view: ObjectIdentifier
    /// The place of the view's superview among the walked views with subviews of its window (the window is
    /// 0); -1 for a window.
    var parent: Int32
    /// What kind of view this is and its boolean state (``Flags``).
    var flags: Flags
    /// The view's window-space bounding box (a window's: its frame on the screen).
    var frame: ScanBox
    /// The product of the view's and its ancestors' alphas, clamped to `[0, 1]`.
    var alpha: Double
    /// A control's value: a slider's or stepper's value, a segmented control's selected index, a page
    /// control's page, a date picker's date (seconds since the reference date), a window's level. 0 else.
    var number: Double
    /// The view's background colour (compared by identity, then `==`).
    var background: UIColor?
    /// An image view's image (compared by identity).
    var image: UIImage?
    /// A label's text, a button's title for its state (highlight left out), a text field's text.
    var text: String?

    /// The kind of view and its boolean state.
    struct Flags: OptionSet, Equatable {
        let rawValue: UInt32

        static let window = Flags(rawValue: 1 << 0)
        static let label = Flags(rawValue: 1 << 1)
        static let control = Flags(rawValue: 1 << 2)
        static let imageView = Flags(rawValue: 1 << 3)
        /// `UIControl.isEnabled`.
        static let enabled = Flags(rawValue: 1 << 4)
        /// `UIControl.isSelected`.
        static let selected = Flags(rawValue: 1 << 5)
        /// `UISwitch.isOn`.
        static let on = Flags(rawValue: 1 << 6)
        /// `UIImageView.isHighlighted` (it then shows its highlighted image).
        static let imageHighlighted = Flags(rawValue: 1 << 7)
        /// `UITextField.isEditing`.
        static let editing = Flags(rawValue: 1 << 8)
    }

    /// Whether the two records show the same thing.
    func showsSame(as other: VisibleViewRecord) -> Bool {
        view == other.view && parent == other.parent && flags == other.flags && frame == other.frame
            && alpha == other.alpha && number == other.number && image === other.image
            && Self.sameColour(background, other.background) && text == other.text
    }

    // MARK: - Private

    private static func sameColour(_ lhs: UIColor?, _ rhs: UIColor?) -> Bool {
        if lhs === rhs { return true }
        guard let lhs, let rhs else { return false }
        return lhs == rhs
    }
}
