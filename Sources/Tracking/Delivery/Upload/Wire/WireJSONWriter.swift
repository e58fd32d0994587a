import Foundation

/// Writes JSON straight into a byte buffer: no intermediate objects, no `JSONSerialization`.
///
/// A 500 KB batch is built on every flush, so this is the hot path of delivery. Strings are written as
/// UTF-8 with the escapes JSON requires (`"`, `\`, and the control characters below U+0020); everything
/// else, including `/` and non-ASCII characters, goes through unchanged, which JSON allows.
package struct WireJSONWriter {
    // MARK: - Internal

    private(set) var bytes: [UInt8]

    package init(reservingCapacity capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    package mutating func write(_ value: WireJSON) {
        switch value {
        case .null: writeRaw("null")
        case .bool(let bool): writeRaw(bool ? "true" : "false")
        case .int(let int): write(int)
        case .double(let double): write(double)
        case .string(let string): write(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members): write(members)
        }
    }

    package mutating func write(_ members: [WireJSONMember]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(member.key)
            bytes.append(UInt8(ascii: ":"))
            write(member.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `"key":` after a `,` unless `first`.
    package mutating func writeKey(_ key: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        write(key)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func write(_ int: Int) {
        guard int != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if int < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits of the magnitude, most significant first, without a temporary string.
        let magnitude = int.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    package mutating func write(_ double: Double) {
        guard double.isFinite else { return writeRaw("null") }
        // Integral values in the exactly representable range print without a fraction, as JSONSerialization
        // does; the rest use Swift's shortest round-tripping form (`0.1`, `1e-05`), which is valid JSON.
        if double == double.rounded(), abs(double) < 9_007_199_254_740_992 {
            write(Int(double))
        } else {
            writeRaw(String(double))
        }
    }

    package mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ASCII text that needs no escaping (numbers, literals, punctuation).
    package mutating func writeRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Lets `body` append to the buffer directly.
    package mutating func appendBytes(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
    }

    // MARK: - Private

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func appendEscape(for byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]])
        }
    }
}
