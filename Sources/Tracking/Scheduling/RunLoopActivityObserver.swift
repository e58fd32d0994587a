import Foundation
#if canImport(Darwin)
import CoreFoundation
#endif

/// Calls a handler on the thread of one run loop, in one mode, when that loop enters, wakes from sleep or is
/// about to sleep: a `CFRunLoopObserver` on Apple platforms, and the same observer as swift-corelibs-foundation
/// exposes it (`RunLoop._observe(_:in:repeats:order:handler:)`) elsewhere. It stops observing when released or
/// invalidated.
@MainActor
final class RunLoopActivityObserver {
    /// What the loop is doing when the handler runs.
    enum Activity {
        /// The loop was entered (a `run` call, or a return to this mode from another).
        case entry
        /// The loop woke from sleep: a timer, a source, a main-queue block or a port message follows.
        case afterWaiting
        /// The loop has nothing left to do and is about to sleep.
        case beforeWaiting
    }

    /// Starts observing `runLoop` in `mode`; `handler` runs on the loop's thread, which must be the main one.
    init(runLoop: RunLoop, mode: RunLoop.Mode, handler: @escaping @MainActor (Activity) -> Void) {
        #if canImport(Darwin)
        let activities: CFRunLoopActivity = [.entry, .afterWaiting, .beforeWaiting]
        // An observer, not a timer: it runs only when the loop does something, and never wakes it.
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, activities.rawValue, true, 0) { _, activity in
            let translated: Activity = switch activity {
            case .entry: .entry
            case .afterWaiting: .afterWaiting
            default: .beforeWaiting
            }
            MainActor.assumeIsolated { handler(translated) }
        }
        CFRunLoopAddObserver(runLoop.getCFRunLoop(), observer, CFRunLoopMode(mode.rawValue as CFString))
        self.observer = observer
        #else
        observer = runLoop._observe([.entry, .afterWaiting, .beforeWaiting], in: mode) { activity in
            let translated: Activity = switch activity {
            case .entry: .entry
            case .afterWaiting: .afterWaiting
            default: .beforeWaiting
            }
            MainActor.assumeIsolated { handler(translated) }
        }
        #endif
    }

    /// Stops observing; the handler is not called again.
    func invalidate() {
        #if canImport(Darwin)
        CFRunLoopObserverInvalidate(observer)
        #else
        observer.invalidate()
        #endif
    }

    deinit {
        // Both invalidations are thread-safe; the handler holds its owner weakly.
        #if canImport(Darwin)
        CFRunLoopObserverInvalidate(observer)
        #else
        observer.invalidate()
        #endif
    }

    // MARK: - Private

    #if canImport(Darwin)
    nonisolated(unsafe) private let observer: CFRunLoopObserver?
    #else
    nonisolated(unsafe) private let observer: RunLoop._Observer
    #endif
}
