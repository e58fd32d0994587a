import XCTest
@testable import Tracking

/// Scenario 40 at the detector: bursts and their boundaries, on bare times (the tracker feeds it its
/// clock's uptime).
final class RageTapDetectorTests: XCTestCase {
    private static let card = TapSubject(element: TrackingElement(elementType: "card", identifier: "1"), screen: TrackingScreen(screenName: "feed"))
    private static let other = TapSubject(element: TrackingElement(elementType: "card", identifier: "2"), screen: TrackingScreen(screenName: "feed"))

    /// The rage tap each tap reports (`nil` for none), in order.
    private static func run(_ taps: [(TapSubject, TimeInterval)], count: Int = 3, interval: TimeInterval = 1) -> [Int?] {
        var detector = RageTapDetector(count: count, interval: interval, radius: 44)
        return taps.map { detector.registerTap(on: $0.0, at: $0.1) }
    }

    func testThreeTapsWithinTheIntervalMakeOneRageTapWithTheirCount() {
        XCTAssertEqual(Self.run([(Self.card, 10), (Self.card, 10.3), (Self.card, 10.6)]), [nil, nil, 3])
    }

    func testTapsExactlyTheIntervalApartFromTheFirstStillCount() {
        XCTAssertEqual(Self.run([(Self.card, 0), (Self.card, 0.5), (Self.card, 1)]), [nil, nil, 3])
        XCTAssertEqual(Self.run([(Self.card, 0), (Self.card, 0.5), (Self.card, 1.001)]), [nil, nil, nil])
    }

    func testSlowerTapsMakeNone() {
        let taps = (0..<10).map { (Self.card, TimeInterval($0) * 0.6) }
        XCTAssertEqual(Self.run(taps), Array(repeating: nil, count: 10))
    }

    func testALongerBurstStillMakesOne() {
        let taps = (0..<8).map { (Self.card, TimeInterval($0) * 0.2) }
        XCTAssertEqual(Self.run(taps), [nil, nil, 3, nil, nil, nil, nil, nil])
    }

    func testABurstThatSpeedsUpReportsEveryTapOfItSoFar() {
        // 0.9 s apart keeps the burst going without three taps within 1 s, until one comes quickly.
        XCTAssertEqual(Self.run([(Self.card, 0), (Self.card, 0.9), (Self.card, 1.8), (Self.card, 1.85)]), [nil, nil, nil, 4])
    }

    func testAPauseLongerThanTheIntervalEndsTheBurstAndANewOneCanRageAgain() {
        let first = [0, 0.2, 0.4].map { (Self.card, $0) }
        let second = [1.5, 1.7, 1.9].map { (Self.card, $0) }
        XCTAssertEqual(Self.run(first + second), [nil, nil, 3, nil, nil, 3])
    }

    func testATapOnAnotherElementEndsTheBurst() {
        XCTAssertEqual(Self.run([(Self.card, 0), (Self.card, 0.1), (Self.other, 0.2), (Self.card, 0.3)]), [nil, nil, nil, nil])
        XCTAssertEqual(Self.run([(Self.card, 0), (Self.other, 0.1), (Self.other, 0.2), (Self.other, 0.3)]), [nil, nil, nil, 3])
    }

    func testTheSameElementOnAnotherScreenIsAnotherSubject() {
        let elsewhere = TapSubject(element: Self.card.element, screen: TrackingScreen(screenName: "detail"))
        XCTAssertEqual(Self.run([(Self.card, 0), (elsewhere, 0.1), (Self.card, 0.2)]), [nil, nil, nil])
    }

    func testAClockGoingBackwardsStartsANewBurst() {
        XCTAssertEqual(Self.run([(Self.card, 5), (Self.card, 5.1), (Self.card, 4)]), [nil, nil, nil])
    }

    func testCountAndIntervalAreTheConfiguredOnes() {
        let five = (0..<5).map { (Self.card, TimeInterval($0) * 0.4) }
        XCTAssertEqual(Self.run(five, count: 5, interval: 2), [nil, nil, nil, nil, 5])
        XCTAssertEqual(Self.run(five, count: 5, interval: 1.5), [nil, nil, nil, nil, nil])
        XCTAssertEqual(Self.run([(Self.card, 0), (Self.card, 0.1)], count: 2, interval: 1), [nil, 2])
    }

    func testResetForgetsTheBurst() {
        var detector = RageTapDetector(count: 3, interval: 1, radius: 44)
        XCTAssertNil(detector.registerTap(on: Self.card, at: 0))
        XCTAssertNil(detector.registerTap(on: Self.card, at: 0.1))
        detector.reset()
        XCTAssertNil(detector.registerTap(on: Self.card, at: 0.2))
        XCTAssertNil(detector.registerTap(on: Self.card, at: 0.3))
        XCTAssertEqual(detector.registerTap(on: Self.card, at: 0.4), 3)
    }

    // MARK: - Radius

    func testTapsWithinTheRadiusOfTheBurstsFirstTapMakeARageTapAndATapFartherAwayStartsANewBurst() {
        var detector = RageTapDetector(count: 4, interval: 1, radius: 44)
        // The fourth tap is exactly 44 points from the first (a 3-4-5 triangle): still in.
        let inside = [(0.0, 0.0), (10.0, 0.0), (0.0, -20.0), (26.4, 35.2)].enumerated().map { index, point in
            detector.registerTap(on: Self.card, at: Double(index) * 0.1, x: point.0, y: point.1)
        }
        XCTAssertEqual(inside, [nil, nil, nil, 4])
        detector.reset()
        // Each tap 45 points from the one before, each farther than 44 from the burst's first: every tap
        // starts a new burst.
        let spread = (0..<6).map { index in
            detector.registerTap(on: Self.card, at: Double(index) * 0.1, x: Double(index) * 45, y: 0)
        }
        XCTAssertEqual(spread, Array(repeating: nil, count: 6))
        detector.reset()
        // A far tap starts a new burst there, which can rage in its turn.
        let moved = [0.0, 0, 0, 100, 100, 100, 100].enumerated().map { index, x in
            detector.registerTap(on: Self.card, at: Double(index) * 0.1, x: x, y: 0)
        }
        XCTAssertEqual(moved, [nil, nil, nil, nil, nil, nil, 4])
    }

    func testAPositionThatIsNotKnownCountsAsWithinTheRadius() {
        var detector = RageTapDetector(count: 3, interval: 1, radius: 44)
        XCTAssertNil(detector.registerTap(on: Self.card, at: 0, x: 0, y: 0))
        XCTAssertNil(detector.registerTap(on: Self.card, at: 0.1))
        XCTAssertEqual(detector.registerTap(on: Self.card, at: 0.2, x: 10, y: 10), 3)
    }
}
