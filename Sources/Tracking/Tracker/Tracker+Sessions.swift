import Foundation

/// Sessions the app defines itself, over the automatic ones (see ``TrackingSession``).
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Ends the running session and starts a new one now: its id is this moment, and the next event
    /// carries `context.sessionStart`. Records no event. Callable from any thread.
    ///
    /// The new session follows the usual rules afterwards: it ends after
    /// ``TrackingConfiguration/sessionTimeout`` in the background, on ``reset()`` or ``endSession()``.
    ///
    /// ```swift
    /// tracker.startSession()   // a workout begins
    /// ```
    public nonisolated func startSession() {
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in sessionStore.start(at: date) }
        }
    }

    /// Ends the running session: the next event starts a new one (with that event's time as its id).
    /// Records no event. Callable from any thread.
    public nonisolated func endSession() {
        mailbox.submit { [self] in sessionStore.end() }
    }
}
