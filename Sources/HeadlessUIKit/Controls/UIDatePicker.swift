import Foundation

/// A control for choosing a date and time.
///
/// HeadlessUIKit models its value only: no wheels or calendar to touch. Setting ``date`` or calling
/// ``setDate(_:animated:)`` sends nothing, as in UIKit.
@MainActor
open class UIDatePicker: UIControl {
    /// What the picker chooses.
    public enum Mode: Int, Sendable {
        /// A time of day.
        case time = 0
        /// A date.
        case date = 1
        /// A date and a time (the default).
        case dateAndTime = 2
        /// A duration in hours and minutes.
        case countDownTimer = 3
        /// A month and year.
        case yearAndMonth = 4
    }

    /// What the picker chooses, ``Mode/dateAndTime`` by default.
    open var datePickerMode: Mode = .dateAndTime
    /// The chosen date: the current date when the picker was created.
    open var date = Date()
    /// The earliest date allowed, `nil` for none.
    open var minimumDate: Date?
    /// The latest date allowed, `nil` for none.
    open var maximumDate: Date?
    /// The duration of a count-down timer picker, in seconds, `0` by default.
    open var countDownDuration: TimeInterval = 0

    /// Sets the date; sends no action.
    /// - Parameters:
    ///   - date: The new date.
    ///   - animated: Whether to animate (HeadlessUIKit animates nothing).
    open func setDate(_ date: Date, animated: Bool) {
        self.date = date
    }
}
