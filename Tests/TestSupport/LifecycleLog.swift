#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif

/// An ordered log of lifecycle calls shared by the test doubles that write to it.
@MainActor
public final class LifecycleLog {
    /// The entries, oldest first, such as `"A.viewWillAppear"`.
    public private(set) var entries: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Appends an entry.
    public func append(_ entry: String) {
        entries.append(entry)
    }

    /// Empties the log.
    public func removeAll() {
        entries.removeAll()
    }
}
