import Foundation

/// The content of `session.json`, and its reading within bounds: a file the app did not write (tampered
/// with, or left by a device whose clock ran far ahead) costs a diagnostic and its bad part, never the
/// session rules. A time later than now would keep a session alive forever and stop the saves of activity
/// (they are due 15 s after the saved activity), so every time is clamped to now; a session id more than a
/// day ahead (ids are seconds since 1970) is dropped with its session, as is a highest id that far ahead.
struct SessionFile: Codable, Equatable, Sendable {
    // MARK: - Internal

    /// The running session, if any.
    var session: SessionTracker.Session?
    /// When the app went to the background, or `nil` in the foreground.
    var backgroundedAt: Date?
    /// The last time the process was known to be alive (an event or a lifecycle change).
    var lastActivityAt: Date
    /// The highest session id given so far.
    var lastID: Int64

    /// How far ahead of now a session id may be and still be read (a clock corrected back by less keeps
    /// its session; the session rules report the clock going back).
    static let maximumIDLead: TimeInterval = 24 * 3600

    /// Reads `bytes`; `nil` when they are not a session file.
    static func decoded(from bytes: [UInt8]) -> SessionFile? {
        try? JSONDecoder().decode(SessionFile.self, from: Data(ShallowJSON.bounded(bytes).bytes))
    }

    /// This state with every time no later than `now` and no id more than ``maximumIDLead`` ahead of it;
    /// `report` receives one diagnostic per repair.
    /// - Returns: Whether anything was repaired (the file should be written again).
    mutating func bound(now: Date, report: (TrackingDiagnostic) -> Void) -> Bool {
        var lateTimes: [String] = []
        func clamped(_ date: Date, _ name: String) -> Date {
            guard !(date <= now) else { return date }
            lateTimes.append(name)
            return now
        }
        var repaired = false
        let latestID = Self.id(of: now.addingTimeInterval(Self.maximumIDLead))
        if let id = session?.id, id > latestID {
            session = nil
            repaired = true
            report(TrackingDiagnostic(
                code: .sessionStorageFailed,
                message: "session.json holds a session id more than a day ahead of the clock; the session is dropped, a new one starts"
            ))
        }
        if lastID > latestID {
            lastID = session?.id ?? 0
            repaired = true
            report(TrackingDiagnostic(
                code: .sessionStorageFailed,
                message: "session.json holds a highest session id more than a day ahead of the clock; it is dropped"
            ))
        }
        if let startedAt = session?.startedAt { session?.startedAt = clamped(startedAt, "the session's start") }
        if let backgroundedAt { self.backgroundedAt = clamped(backgroundedAt, "the backgrounding") }
        lastActivityAt = clamped(lastActivityAt, "the last activity")
        if !lateTimes.isEmpty {
            report(TrackingDiagnostic(
                code: .sessionStorageFailed,
                message: "session.json holds times later than now (\(lateTimes.joined(separator: ", "))); they are read as now"
            ))
        }
        return repaired || !lateTimes.isEmpty
    }

    // MARK: - Private

    /// Whole seconds since 1970 of `date`, within `Int64`.
    private static func id(of date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return seconds < 9.2e18 ? Int64(max(seconds, -9.2e18)) : .max
    }
}
