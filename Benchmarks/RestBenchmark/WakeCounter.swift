import Foundation
#if canImport(Darwin)
import CoreFoundation
#endif

/// Counts the main run loop's wakes in `.default` (its `afterWaiting` activity) while it is alive.
@MainActor
final class WakeCounter {
    private(set) var wakes = 0

    init() {
        #if canImport(Darwin)
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, CFRunLoopActivity.afterWaiting.rawValue, true, 0) { [weak self] _, _ in
            MainActor.assumeIsolated { self?.wakes += 1 }
        }
        CFRunLoopAddObserver(RunLoop.main.getCFRunLoop(), observer, .defaultMode)
        invalidate = { CFRunLoopObserverInvalidate(observer) }
        #else
        let observer = RunLoop.main._observe([.afterWaiting], in: .default) { [weak self] _ in
            MainActor.assumeIsolated { self?.wakes += 1 }
        }
        invalidate = { observer.invalidate() }
        #endif
    }

    func stop() { invalidate() }

    private var invalidate: () -> Void = {}
}
