#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The move to the background, in one place and in one order: the backgrounding's own events leave in the
/// upload it starts.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Internal

    /// What the tracker does when the app has moved to the background, inside a background task named
    /// `Sightline.background`, ended once step 3 has run (before this returns, unless another thread is
    /// delivering: see below) or by its expiration handler, whichever comes first:
    ///
    /// 1. every visibility span ends: each screen on screen gets its ``TrackingEventKind/screenEnded``;
    /// 2. `Application Backgrounded` is recorded (with ``TrackingConfiguration/tracksApplicationLifecycleEvents``);
    /// 3. only then are the sinks asked to send: each ``DeliverySink`` makes its files durable and starts an
    ///    upload inside a background task of its own (begun before this one ends), and every other sink gets
    ///    ``TrackingSink/flush()``.
    ///
    /// A ``DeliverySink`` held by a tracker leaves its own observer of the notification idle (see
    /// ``DeliverySink/backgroundTrackers``): an observer registered before the tracker's would otherwise
    /// upload first and leave these events for the next launch.
    ///
    /// The upload is a ticket of the tracker's mailbox, after those events: when another thread is
    /// delivering at that moment, the events and then the upload request follow on that thread, and the
    /// background task lasts until the request is made (on the main thread, where a delivery sink begins its
    /// own task).
    func applicationDidEnterBackground() {
        let application = UIApplication.shared
        let task = BackgroundTaskScope(application: application, name: "Sightline.background")
        endAllSpansAndDeliver()
        lifecycle?.didEnterBackground()
        let sinks = sinks
        let upload: @MainActor @Sendable () -> Void = {
            for sink in sinks {
                if let delivery = sink as? DeliverySink {
                    delivery.uploadAtBackgrounding(application: application)
                } else {
                    sink.flush()
                }
            }
            task.end()
        }
        mailbox.submit {
            if Thread.isMainThread {
                MainActor.assumeIsolated { upload() }
            } else {
                DispatchQueue.main.async { upload() }
            }
        }
    }
}
