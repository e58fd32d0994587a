import Foundation

/// The session rules as a pure state machine: no UIKit, no files, no locks, time passed in.
///
/// A session ends when the app has spent longer than ``timeout`` in the background. Whether it has is
/// decided both when the app returns to the foreground (``willEnterForeground(at:)``) and when an event
/// is stamped (``stamp(at:)``), each from the time the app went to the background: so an event recorded
/// as the app goes to the background belongs to the session it ends, and the first event after a return
/// past the timeout (an `Application Opened` recorded from the same notification, before or after this
/// machine hears of it) starts the next one, in whichever order the notification's observers run.
///
/// Events only read the session and create one when there is none; the start flag is cleared by
/// ``didDeliver(_:)``, so an event that validation or a hook drops does not take it from the event that
/// is delivered.
struct SessionTracker: Equatable {
    // MARK: - Internal

    /// A running session.
    struct Session: Codable, Equatable, Sendable {
        /// Seconds since 1970 when it started.
        var id: Int64
        /// When it started (the date of the event or call that started it).
        var startedAt: Date
        /// Whether no event of it has been delivered yet: the next one carries `sessionStart`.
        var isStarting: Bool
    }

    /// What a stamp found besides the session.
    struct Stamp: Equatable {
        var session: TrackingSession
        /// The date is earlier than the session's start or the backgrounding it is measured from: the
        /// wall clock went back. Reported once per session.
        var clockWentBack: Bool
    }

    /// Background time after which the session ends, in seconds (`.infinity`: never).
    var timeout: TimeInterval
    /// The running session, or `nil` before the first event and after ``end()`` or a timeout.
    private(set) var session: Session?
    /// When the app went to the background, while it has not returned; after a relaunch, when the
    /// previous process was last known to be alive, until the launch is resolved.
    private(set) var backgroundedAt: Date?
    /// The highest id given so far: new ids are larger.
    private(set) var lastID: Int64 = 0

    /// A machine with no session yet.
    init(timeout: TimeInterval) {
        self.timeout = timeout
    }

    /// A machine continuing what an earlier process left: `session` (if any), measured from
    /// `backgroundedAt` (the app went to the background then, or was last known alive then), so that the
    /// first event or foreground past the timeout starts a new one.
    init(timeout: TimeInterval, restoring session: Session?, backgroundedAt: Date?, lastID: Int64) {
        self.timeout = timeout
        self.session = session
        self.backgroundedAt = session == nil ? nil : backgroundedAt
        // A saved id is not trusted to leave room for one more.
        self.lastID = min(max(lastID, session?.id ?? 0), Int64(Self.largestID))
    }

    /// The session of an event recorded at `now`: the running one, or a new one when there is none or the
    /// background time since ``backgroundedAt`` exceeds the timeout.
    mutating func stamp(at now: Date) -> Stamp {
        var clockWentBack = false
        if let backgroundedAt, session != nil {
            let elapsed = now.timeIntervalSince(backgroundedAt)
            if elapsed < 0 {
                clockWentBack = true
            } else if elapsed > max(timeout, Self.backgroundingGrace) {
                session = nil
                // Still in the background as far as this machine knows: the new session's background
                // time counts from now, until the foreground is heard of.
                self.backgroundedAt = now
            }
        }
        if session == nil {
            session = Session(id: nextID(at: now), startedAt: now, isStarting: true)
            hasReportedClock = false
        }
        let current = session!
        if now < current.startedAt { clockWentBack = true }
        let report = clockWentBack && !hasReportedClock
        if clockWentBack { hasReportedClock = true }
        return Stamp(session: TrackingSession(id: current.id, isStart: current.isStarting), clockWentBack: report)
    }

    /// Records that `session` went to the sinks: a start flag is not sent twice.
    /// - Returns: Whether the state changed (the session's first event was delivered).
    mutating func didDeliver(_ stamped: TrackingSession?) -> Bool {
        guard let stamped, stamped.isStart, session?.id == stamped.id, session?.isStarting == true else { return false }
        session?.isStarting = false
        return true
    }

    /// The app went to the background at `now`. Keeps an earlier time if one is set.
    /// - Returns: Whether the state changed.
    mutating func didEnterBackground(at now: Date) -> Bool {
        guard backgroundedAt == nil else { return false }
        backgroundedAt = now
        return true
    }

    /// The app returned to the foreground at `now`: the session ends if it spent longer than the timeout
    /// in the background.
    /// - Returns: Whether the state changed, and whether the clock went back (a date before the
    ///   backgrounding; the session is kept).
    mutating func willEnterForeground(at now: Date) -> (changed: Bool, clockWentBack: Bool) {
        guard let backgroundedAt else { return (false, false) }
        let elapsed = now.timeIntervalSince(backgroundedAt)
        self.backgroundedAt = nil
        if elapsed > timeout { session = nil }
        let clockWentBack = elapsed < 0 && session != nil && !hasReportedClock
        if clockWentBack { hasReportedClock = true }
        return (true, clockWentBack)
    }

    /// Ends the running session and starts a new one at `now`: the next event carries `sessionStart`.
    mutating func start(at now: Date) {
        session = Session(id: nextID(at: now), startedAt: now, isStarting: true)
        hasReportedClock = false
        if backgroundedAt != nil { backgroundedAt = now }
    }

    /// Ends the running session: the next event starts a new one.
    /// - Returns: Whether there was one.
    mutating func end() -> Bool {
        guard session != nil else { return false }
        session = nil
        return true
    }

    // MARK: - Private

    /// Whether a clock that went back was reported in this session.
    private var hasReportedClock = false

    /// `now` in whole seconds since 1970, or one more than the last id when that is not larger (two
    /// sessions in one second, a clock that went back, a date before 1970).
    private mutating func nextID(at now: Date) -> Int64 {
        let seconds = now.timeIntervalSince1970.rounded(.down)
        let fromClock = seconds.isFinite && seconds >= 1 ? Int64(min(seconds, Self.largestID)) : 1
        let id = fromClock > lastID ? fromClock : lastID + 1
        lastID = id
        return id
    }

    /// Far beyond any real date (year 285 million), and far from overflowing `lastID + 1`.
    private static let largestID: Double = 9_000_000_000_000_000

    /// How long after the move to the background an event still belongs to the session it leaves, whatever
    /// the timeout: the events that the move itself causes (`Application Backgrounded`, the screens' ends)
    /// are stamped a moment after the session heard of it, and a timeout of 0 must not split them off.
    /// The return to the foreground still compares with the exact timeout.
    private static let backgroundingGrace: TimeInterval = 5
}
