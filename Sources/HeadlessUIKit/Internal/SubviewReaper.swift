import Foundation

/// Releases the subviews of deallocated views one at a time instead of recursively, so that releasing a
/// very deep hierarchy (100,000 levels) cannot overflow the stack.
///
/// A dying view hands its subviews over; the outermost release drains the list, and each view released
/// while draining hands over its own subviews in turn.
enum SubviewReaper {
    /// Views are released on the main thread in practice; deinitializers are nonisolated, hence the lock.
    nonisolated(unsafe) private static var pending: [UIView] = []
    nonisolated(unsafe) private static var isDraining = false
    private static let lock = NSLock()

    /// Takes the subviews (leaving the array empty) and releases them, iteratively.
    static func bury(_ subviews: inout [UIView]) {
        lock.lock()
        pending.append(contentsOf: subviews)
        subviews = []
        guard !isDraining else {
            lock.unlock()
            return
        }
        isDraining = true
        while let view = pending.popLast() {
            lock.unlock()
            _ = consume view
            lock.lock()
        }
        isDraining = false
        lock.unlock()
    }
}
