import Foundation
@testable import Tracking
import XCTest

/// The session rules on their own (``SessionTracker``): dates in, sessions out, no UIKit, no files.
final class SessionTrackerTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_700_000_000.75)

    private func at(_ seconds: TimeInterval) -> Date {
        start.addingTimeInterval(seconds)
    }

    /// Stamps an event at `seconds` and delivers it; returns `id` or `id*` (the session's first event),
    /// relative to the start's whole second.
    private func event(_ machine: inout SessionTracker, at seconds: TimeInterval) -> String {
        let stamp = machine.stamp(at: at(seconds))
        _ = machine.didDeliver(stamp.session)
        return "\(stamp.session.id - 1_700_000_000)" + (stamp.session.isStart ? "*" : "")
    }

    func testTheFirstEventStartsASessionIdentifiedByItsSecondAndOnlyItCarriesTheStart() {
        var machine = SessionTracker(timeout: 300)
        XCTAssertEqual(machine.stamp(at: start), .init(session: TrackingSession(id: 1_700_000_000, isStart: true), clockWentBack: false))
        // Not delivered (validation dropped it): the next event still starts the session.
        XCTAssertEqual(machine.stamp(at: at(1)).session, TrackingSession(id: 1_700_000_000, isStart: true))
        XCTAssertEqual([event(&machine, at: 1), event(&machine, at: 2), event(&machine, at: 3_600)], ["0*", "0", "0"])
    }

    func testWithATimeoutOfZeroTheEventsOfTheBackgroundingItselfKeepTheSession() {
        var machine = SessionTracker(timeout: 0)
        var ids = [event(&machine, at: 0)]
        _ = machine.didEnterBackground(at: at(10))
        ids.append(event(&machine, at: 10.01))              // Application Backgrounded, a moment later
        ids.append(event(&machine, at: 14.9))               // still within the grace
        ids.append(event(&machine, at: 16))                 // a background task's event, past it: a new one
        _ = machine.willEnterForeground(at: at(16.5))      // every return starts one: the exact timeout
        ids.append(event(&machine, at: 16.5))
        XCTAssertEqual(ids, ["0*", "0", "0", "16*", "17*"])
    }

    func testBackgroundWithinTheTimeoutKeepsTheSessionAndBeyondItTheNextEventStartsOne() {
        var machine = SessionTracker(timeout: 300)
        var ids = [event(&machine, at: 0)]
        _ = machine.didEnterBackground(at: at(10))
        ids.append(event(&machine, at: 10))                 // recorded at backgrounding: the old session
        _ = machine.willEnterForeground(at: at(310))        // 300 s: not longer than the timeout
        ids.append(event(&machine, at: 311))
        _ = machine.didEnterBackground(at: at(400))
        _ = machine.willEnterForeground(at: at(700.5))      // 300.5 s
        ids.append(event(&machine, at: 701))
        ids.append(event(&machine, at: 702))
        XCTAssertEqual(ids, ["0*", "0", "0", "701*", "701"])
    }

    func testTheForegroundDecisionDoesNotDependOnWhetherTheEventOrTheForegroundIsHeardFirst() {
        // An `Application Opened` recorded from willEnterForeground, by an observer that runs before or
        // after the session's own.
        for eventFirst in [true, false] {
            var machine = SessionTracker(timeout: 300)
            var ids = [event(&machine, at: 0)]
            _ = machine.didEnterBackground(at: at(5))
            ids.append(event(&machine, at: 5))              // Application Backgrounded
            if eventFirst {
                ids.append(event(&machine, at: 400))        // Application Opened
                _ = machine.willEnterForeground(at: at(400))
            } else {
                _ = machine.willEnterForeground(at: at(400))
                ids.append(event(&machine, at: 400))
            }
            ids.append(event(&machine, at: 1_000))          // in the foreground since: no timeout
            XCTAssertEqual(ids, ["0*", "0", "400*", "400"], "event first: \(eventFirst)")
            XCTAssertNil(machine.backgroundedAt)
        }
    }

    func testAnEventInTheBackgroundAtTheTimeoutKeepsTheSessionAndOnePastItStartsOne() {
        var machine = SessionTracker(timeout: 300)
        var ids = [event(&machine, at: 0)]
        _ = machine.didEnterBackground(at: at(100))
        ids.append(event(&machine, at: 400))                // exactly the timeout: not longer
        ids.append(event(&machine, at: 400.25))
        ids.append(event(&machine, at: 401))
        XCTAssertEqual(ids, ["0*", "0", "401*", "401"])
    }

    func testAnEventInTheBackgroundPastTheTimeoutStartsASessionWhoseBackgroundTimeCountsFromIt() {
        var machine = SessionTracker(timeout: 300)
        var ids = [event(&machine, at: 0)]
        _ = machine.didEnterBackground(at: at(1))
        ids.append(event(&machine, at: 200))                // a push handler, within the timeout
        ids.append(event(&machine, at: 600))                // 599 s in the background
        _ = machine.willEnterForeground(at: at(800))        // 200 s after that session began
        ids.append(event(&machine, at: 801))
        XCTAssertEqual(ids, ["0*", "0", "600*", "600"])
    }

    func testStartEndAndIdsUniqueWithinOneSecond() {
        var machine = SessionTracker(timeout: 300)
        var ids = [event(&machine, at: 0)]
        machine.start(at: at(0.1))                          // same second: the next number
        ids.append(event(&machine, at: 0.2))
        machine.start(at: at(0.3))
        machine.start(at: at(0.4))
        ids.append(event(&machine, at: 0.5))
        XCTAssertTrue(machine.end())
        XCTAssertFalse(machine.end())
        ids.append(event(&machine, at: 9))
        ids.append(event(&machine, at: 10))
        XCTAssertEqual(ids, ["0*", "1*", "3*", "9*", "9"])
    }

    func testAClockThatGoesBackKeepsTheSessionAndIsReportedOncePerSession() {
        var machine = SessionTracker(timeout: 300)
        XCTAssertEqual(event(&machine, at: 100), "100*")
        let back = machine.stamp(at: at(-3_600))
        XCTAssertEqual(back, .init(session: TrackingSession(id: 1_700_000_100), clockWentBack: true))
        XCTAssertFalse(machine.stamp(at: at(-7_200)).clockWentBack)
        _ = machine.didEnterBackground(at: at(200))
        // A foreground "before" the backgrounding: no negative time away, no timeout.
        XCTAssertEqual(machine.willEnterForeground(at: at(-10_000)).clockWentBack, false)
        XCTAssertEqual(event(&machine, at: -10_000), "100")
        // A new session may report again; its id stays above the last one.
        machine.start(at: at(-20_000))
        XCTAssertEqual(machine.stamp(at: at(-20_000)).session.id, 1_700_000_101)
        XCTAssertTrue(machine.stamp(at: at(-30_000)).clockWentBack)
    }

    func testARestoredSessionIsMeasuredFromWhenTheEarlierProcessWentToTheBackground() {
        let saved = SessionTracker.Session(id: 1_700_000_000, startedAt: start, isStarting: false)
        var within = SessionTracker(timeout: 300, restoring: saved, backgroundedAt: at(50), lastID: 1_700_000_000)
        _ = within.willEnterForeground(at: at(349))
        XCTAssertEqual(event(&within, at: 349), "0")
        var beyond = SessionTracker(timeout: 300, restoring: saved, backgroundedAt: at(50), lastID: 1_700_000_000)
        XCTAssertEqual(event(&beyond, at: 351), "351*")
    }

    func testZeroAndInfiniteTimeouts() {
        var zero = SessionTracker(timeout: 0)
        var never = SessionTracker(timeout: .infinity)
        var ids: [String] = []
        ids.append(event(&zero, at: 0))
        ids.append(event(&never, at: 0))
        _ = zero.didEnterBackground(at: at(1))
        _ = never.didEnterBackground(at: at(1))
        _ = zero.willEnterForeground(at: at(1.5))
        _ = never.willEnterForeground(at: at(86_400 * 365))
        ids.append(event(&zero, at: 2))
        ids.append(event(&never, at: 86_400 * 365))
        XCTAssertEqual(ids, ["0*", "0*", "2*", "0"])
    }
}
