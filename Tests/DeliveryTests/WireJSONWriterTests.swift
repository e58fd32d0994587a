import Foundation
@testable import Tracking
import XCTest

final class WireJSONWriterTests: XCTestCase {
    func testEscapesEveryCharacterJSONRequiresAndParsesBack() throws {
        var special = "quote\" backslash\\ slash/ newline\n return\r tab\t backspace\u{8} formfeed\u{C} nul\u{0} esc\u{1B} del\u{7F}"
        special += " é 東京 👩‍👩‍👧 \u{2028}\u{2029}"
        for scalar in 0..<0x20 { special.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        XCTAssertEqual(try roundTrip(.string(special)) as? String, special)
        // A byte-order mark inside a string goes through as UTF-8 (Foundation's parser on Linux drops it
        // when reading back, so it is checked on the bytes).
        var writer = WireJSONWriter()
        writer.write("a\u{FEFF}b")
        XCTAssertEqual(writer.bytes, [0x22, 0x61, 0xEF, 0xBB, 0xBF, 0x62, 0x22])
    }

    func testSeededRandomStringsRoundTrip() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet: [Unicode.Scalar] = (0..<0x80).compactMap(Unicode.Scalar.init) + ["é", "ß", "東", "😀", "\u{2028}"]
        for _ in 0..<500 {
            let length = Int.random(in: 0..<40, using: &generator)
            var string = ""
            for _ in 0..<length { string.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            XCTAssertEqual(try roundTrip(.string(string)) as? String, string)
        }
    }

    func testNumbersLiteralsAndNestingMatchJSONSerialization() throws {
        let value = WireJSON.object([
            WireJSONMember("int", .int(-42)),
            WireJSONMember("max", .int(Int.max)),
            WireJSONMember("double", .double(0.1)),
            WireJSONMember("tiny", .double(1e-7)),
            WireJSONMember("integral", .double(3)),
            WireJSONMember("nan", .double(.nan)),
            WireJSONMember("infinity", .double(-.infinity)),
            WireJSONMember("flags", .array([.bool(true), .bool(false), .null])),
            WireJSONMember("nested", .object([WireJSONMember("k", .string("v"))])),
        ])
        var writer = WireJSONWriter()
        writer.write(value)
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self),
                       #"{"int":-42,"max":9223372036854775807,"double":0.1,"tiny":1e-07,"integral":3,"nan":null,"infinity":null,"flags":[true,false,null],"nested":{"k":"v"}}"#)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        XCTAssertEqual(parsed["double"] as? Double, 0.1)
        XCTAssertEqual(parsed["tiny"] as? Double, 1e-7)
        XCTAssertEqual((parsed["max"] as? NSNumber)?.int64Value, Int64.max)
        XCTAssertTrue(parsed["nan"] is NSNull)
    }

    func testIntegersAtTheExtremesAndSeededIntegersRoundTrip() throws {
        var generator = SeededGenerator(seed: 3)
        let values = [0, 1, -1, 9, 10, -10, Int.max, Int.min] + (0..<200).map { _ in Int(truncatingIfNeeded: generator.next()) }
        for value in values {
            var writer = WireJSONWriter()
            writer.write(.int(value))
            XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), String(value))
        }
    }

    func testSeededRandomDoublesRoundTripExactly() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random(using: &generator) ? 1 : -1)
            var writer = WireJSONWriter()
            writer.write(.double(value))
            // The text round-trips exactly; Foundation's JSON parser on Linux reads the last digit loosely.
            XCTAssertEqual(Double(String(decoding: writer.bytes, as: UTF8.self)), value)
            let parsed = try XCTUnwrap((try roundTrip(.array([.double(value)])) as? [NSNumber])?.first?.doubleValue)
            XCTAssertEqual(parsed, value, accuracy: abs(value) * 1e-14)
        }
    }

    // MARK: - Private

    private func roundTrip(_ value: WireJSON) throws -> Any {
        var writer = WireJSONWriter()
        writer.write(value)
        return try JSONSerialization.jsonObject(with: Data(writer.bytes), options: [.fragmentsAllowed])
    }
}

/// SplitMix64, so generated inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
