import Foundation
#if canImport(Darwin)
import CoreFoundation
#endif

/// What a pause on a static screen cost: the tracker's scans, and the main run loop's wakes beyond the pause's own end.
@MainActor
struct RestPhase {
    /// Scans the tracker ran during the pause.
    var scans: Int
    /// Times the main run loop woke from sleep during the pause, its own end not counted.
    var wakes: Int

    /// Runs the main run loop once for half a second plus `seconds` in `.default`, counting the wakes of the last
    /// `seconds` with a run-loop observer.
    static func measure(seconds: TimeInterval, scanCount: @escaping @MainActor () -> Int) -> RestPhase {
        let counter = WakeCounter()
        #if canImport(Darwin)
        let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, CFRunLoopActivity.afterWaiting.rawValue, true, 0) { _, _ in
            MainActor.assumeIsolated { counter.noteWake(scans: scanCount()) }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
        defer { CFRunLoopObserverInvalidate(observer) }
        #else
        let observer = RunLoop.main._observe([.afterWaiting], in: .default, repeats: true, order: 0) { _ in
            MainActor.assumeIsolated { counter.noteWake(scans: scanCount()) }
        }
        defer { observer.invalidate() }
        #endif
        // Entering the run is work of the pause's own (it may bring one scan, and the interval's end after it), and so
        // is a marker timer half a second in (its wake may bring one scan too): the pause counts from the first wake
        // after the marker to the run's end, whose wake (its deadline) is not the app's either.
        let marker = Timer(fire: Date(timeIntervalSinceNow: 0.5), interval: 0, repeats: false) { _ in
            counter.markerFired = true
        }
        RunLoop.main.add(marker, forMode: .default)
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.5 + seconds))
        marker.invalidate()
        let start = counter.atMarker ?? (counter.wakes, scanCount())
        return RestPhase(scans: scanCount() - start.scans, wakes: max(0, counter.wakes - start.wakes - 1))
    }
}

/// Counts wakes from the observer's callback, on the main thread.
private final class WakeCounter: @unchecked Sendable {
    var wakes = 0
    /// The wakes and scans when the pause began.
    var atMarker: (wakes: Int, scans: Int)?
    /// Whether the marker timer fired: the pause starts at the loop's next wake.
    var markerFired = false

    func noteWake(scans: Int) {
        wakes += 1
        if markerFired, atMarker == nil { atMarker = (wakes - 1, scans) }
    }
}
