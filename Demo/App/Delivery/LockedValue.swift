import Foundation

/// A value shared between threads behind a lock: the upload observer writes on the upload queue, the demo
/// reads on the main thread.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // MARK: - Internal

    init(_ value: Value) {
        storedValue = value
    }

    /// The current value.
    var value: Value {
        lock.withLock { storedValue }
    }

    /// Changes the value in place, under the lock.
    func update(_ change: (inout Value) -> Void) {
        lock.withLock { change(&storedValue) }
    }

    // MARK: - Private

    private let lock = NSLock()
    private var storedValue: Value
}
