import Foundation

/// Identifies a background task begun with ``UIApplication/beginBackgroundTask(withName:expirationHandler:)``.
///
/// As in UIKit, a typed integer; ``invalid`` (raw value 0) means no task was begun.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    /// The task's number.
    public var rawValue: Int

    /// Creates an identifier from its number.
    /// - Parameter rawValue: The task's number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// No task: returned when background time cannot be had.
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
