@testable import Tracking
import XCTest

/// The nesting bound applied to Sightline's own files before decoding: containers deeper than the limit
/// become `null`, strings (brackets and escaped quotes in them) are kept, and the rest is untouched.
final class ShallowJSONTests: XCTestCase {
    func testContainersDeeperThanTheLimitBecomeNullAndStringsAreKept() {
        let input = #"{"a":[1,[2,[3,{"b":"[{\"]"}]]],"c":"]}","d":{}}"#
        let (bytes, replaced) = ShallowJSON.bounded(Array(input.utf8), maximumDepth: 3)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), #"{"a":[1,[2,null]],"c":"]}","d":{}}"#)
        XCTAssertEqual(replaced, 1)
    }

    func testJSONWithinTheLimitIsUnchanged() {
        let input = #"{"a":[1,[2,[3,{"b":"x"}]]],"c":null}"#
        let (bytes, replaced) = ShallowJSON.bounded(Array(input.utf8), maximumDepth: 5)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), input)
        XCTAssertEqual(replaced, 0)
    }

    func testAHundredThousandLevelsAreCutInOnePass() {
        let input = Array(("[" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "]").utf8)
        let (bytes, replaced) = ShallowJSON.bounded(input)
        XCTAssertEqual(bytes, Array((String(repeating: "[", count: 64) + "null" + String(repeating: "]", count: 64)).utf8))
        XCTAssertEqual(replaced, 1)
    }
}
