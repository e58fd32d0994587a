import Foundation

/// Runs main-actor work on the main run loop at the end of the current turn, in `.default` and
/// `.tracking` alike (UIKit's update cycle and animations run while scrolling too).
enum MainRunLoopTask {
    static let modes: [RunLoop.Mode] = [.default, .tracking]

    /// Schedules `work` once on the main run loop, after `delay` seconds.
    @MainActor
    static func schedule(after delay: TimeInterval = 0, _ work: @escaping @MainActor () -> Void) {
        let box = WorkBox(work)
        let timer = Timer(timeInterval: delay, repeats: false) { _ in
            MainActor.assumeIsolated { box.run() }
        }
        for mode in modes {
            RunLoop.main.add(timer, forMode: mode)
        }
    }

    /// Carries main-actor work through `Timer`'s `@Sendable` block; it only ever runs on the main thread.
    /// The work is dropped once run: swift-corelibs-foundation keeps a fired timer's block alive, and with it
    /// everything the work captured.
    private final class WorkBox: @unchecked Sendable {
        private var work: (@MainActor () -> Void)?
        init(_ work: @escaping @MainActor () -> Void) { self.work = work }
        @MainActor func run() {
            let work = self.work
            self.work = nil
            work?()
        }
    }
}
