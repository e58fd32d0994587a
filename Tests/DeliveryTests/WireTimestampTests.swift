import Foundation
@testable import Tracking
import XCTest

final class WireTimestampTests: XCTestCase {
    func testKnownInstants() {
        XCTAssertEqual(WireTimestamp.string(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(WireTimestamp.string(Date(timeIntervalSince1970: 1_795_000_000.1239)), "2026-11-18T11:06:40.123Z")
        XCTAssertEqual(WireTimestamp.string(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00.000Z")
        XCTAssertEqual(WireTimestamp.string(Date(timeIntervalSince1970: -0.001)), "1969-12-31T23:59:59.999Z")
    }

    func testMatchesISO8601DateFormatterOnSeededDates() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let ours = WireTimestamp.string(date)
            XCTAssertEqual(ours.count, WireTimestamp.byteCount)
            XCTAssertEqual(formatter.date(from: ours), date, ours)
        }
    }

    /// Issue 21: `Int64(...)` trapped on these, on every flush of a queue holding one.
    func testDatesNoTimestampCanCarryAreClampedInsteadOfTrapping() {
        let cases: [(TimeInterval, String)] = [
            (.nan, "1970-01-01T00:00:00.000Z"),
            (.infinity, "9999-12-31T23:59:59.999Z"),
            (-.infinity, "0000-01-01T00:00:00.000Z"),
            (1e300, "9999-12-31T23:59:59.999Z"),
            (-1e300, "0000-01-01T00:00:00.000Z"),
            (253_402_300_800, "9999-12-31T23:59:59.999Z"),
        ]
        for (seconds, expected) in cases {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertFalse(WireTimestamp.isRepresentable(date), "\(seconds)")
            XCTAssertEqual(WireTimestamp.string(date), expected, "\(seconds)")
        }
        XCTAssertTrue(WireTimestamp.isRepresentable(Date(timeIntervalSince1970: -62_167_219_200)))
        XCTAssertEqual(WireTimestamp.string(Date(timeIntervalSince1970: -62_167_219_200)), "0000-01-01T00:00:00.000Z")
        XCTAssertTrue(WireTimestamp.isRepresentable(Date(timeIntervalSince1970: 253_402_300_799.999)))
    }
}
