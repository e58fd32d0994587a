import XCTest
import Tracking

final class TrackingClockTests: XCTestCase {
    func testManualClockStartsAtZeroAndMovesOnlyWhenAdvanced() {
        let clock = ManualTrackingClock(startDate: Date(timeIntervalSince1970: 100))
        XCTAssertEqual(clock.now(), TrackingInstant(uptime: 0, date: Date(timeIntervalSince1970: 100)))
        clock.advance(by: 1.5)
        clock.advance(by: 0.25)
        XCTAssertEqual(clock.now(), TrackingInstant(uptime: 1.75, date: Date(timeIntervalSince1970: 101.75)))
        XCTAssertEqual(clock.elapsed, 1.75)
    }

    func testManualClockIgnoresBackwardAndNonFiniteSteps() {
        let clock = ManualTrackingClock()
        clock.advance(by: 1)
        clock.advance(by: -5)
        clock.advance(by: .nan)
        clock.advance(by: .infinity)
        XCTAssertEqual(clock.elapsed, 1)
    }

    func testManualClockIsSafeToAdvanceConcurrently() {
        let clock = ManualTrackingClock()
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in clock.advance(by: 1) }
        XCTAssertEqual(clock.elapsed, 1000)
    }

    func testSystemClockIsMonotonic() {
        let clock = SystemTrackingClock()
        var previous = clock.now()
        for _ in 0..<1000 {
            let next = clock.now()
            XCTAssertGreaterThanOrEqual(next.uptime, previous.uptime)
            previous = next
        }
    }

    func testInstantsOrderByUptimeOnly() {
        let early = TrackingInstant(uptime: 1, date: Date(timeIntervalSince1970: 500))
        let late = TrackingInstant(uptime: 2, date: Date(timeIntervalSince1970: 0))
        XCTAssertLessThan(early, late)
    }
}
