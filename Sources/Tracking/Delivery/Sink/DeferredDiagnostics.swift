#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Hands diagnostics to the app's handler, except on a thread inside ``deferring(_:)``: there they wait
/// until the body has returned (and released the locks it took), so a handler that calls back into the
/// sink (tracks the diagnostic as an event, reads the consent) never deadlocks on a lock its own thread holds.
final class DeferredDiagnostics: @unchecked Sendable {
    // MARK: - Internal

    /// - Parameter handler: The app's diagnostic handler.
    init(handler: @escaping @Sendable (TrackingDiagnostic) -> Void) {
        self.handler = handler
    }

    /// Reports `diagnostic` now, or after the current thread's ``deferring(_:)`` body returns.
    func report(_ diagnostic: TrackingDiagnostic) {
        let thread = pthread_self()
        lock.lock()
        if let index = deferring.firstIndex(where: { pthread_equal($0.thread, thread) != 0 }) {
            deferring[index].diagnostics.append(diagnostic)
            lock.unlock()
            return
        }
        lock.unlock()
        handler(diagnostic)
    }

    /// Runs `body`, holding back the diagnostics reported on this thread meanwhile; reports them after it.
    func deferring<Result>(_ body: () throws -> Result) rethrows -> Result {
        let thread = pthread_self()
        lock.lock()
        if deferring.contains(where: { pthread_equal($0.thread, thread) != 0 }) {
            // Already deferring on this thread: the outer call reports.
            lock.unlock()
            return try body()
        }
        deferring.append((thread, []))
        lock.unlock()
        defer {
            lock.lock()
            let index = deferring.firstIndex { pthread_equal($0.thread, thread) != 0 }!
            let held = deferring.remove(at: index).diagnostics
            lock.unlock()
            held.forEach(handler)
        }
        return try body()
    }

    // MARK: - Private

    private let handler: @Sendable (TrackingDiagnostic) -> Void
    private let lock = NSLock()
    /// The threads inside ``deferring(_:)`` (rarely more than one), each with what it holds back.
    private var deferring: [(thread: pthread_t, diagnostics: [TrackingDiagnostic])] = []
}
