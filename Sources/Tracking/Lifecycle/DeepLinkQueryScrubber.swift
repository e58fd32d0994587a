import Foundation

/// Applies a ``DeepLinkQueryPolicy`` to a URL's percent-encoded query, as bytes.
///
/// Parameters are split on `&` and `;`; a parameter's name is read as a server reads it (see
/// ``DeepLinkQueryPolicy``). A kept parameter whose value holds a nested query (a URL with `?`, or
/// `name=value` pairs) has that query cleaned too, decoding the value once per level, at most
/// ``maximumDecodings`` times along any path; a value that changes is percent-encoded again as many times as
/// it was decoded, and every other byte of the query is kept as it was. Each level reads its bytes a bounded
/// number of times, so the work is linear in the query's length.
struct DeepLinkQueryScrubber {
    // MARK: - Internal

    /// How many times, at most, a value is percent-decoded in search of a nested query.
    static let maximumDecodings = 8

    let policy: DeepLinkQueryPolicy

    /// `query` (percent-encoded, without the `?`) with the parameters the policy leaves out removed.
    func scrubbed(_ query: [UInt8]) -> [UInt8] {
        scrubbed(query, decodingsLeft: Self.maximumDecodings)
    }

    /// Whether the policy keeps a parameter with the percent-encoded `name` (a matrix parameter's too:
    /// ``DeepLinkPathScrubber``).
    func keeps(name: ArraySlice<UInt8>) -> Bool {
        let read = Self.comparable(Self.percentDecoded(Array(name), plusAsSpace: true))
        switch policy.mode {
        case .keepingOnly:
            return policy.normalizedNames.contains(read)
        case .removing:
            if policy.normalizedNames.contains(read) { return false }
            guard read.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ") }) else {
                return true
            }
            return !Self.readings(of: read).contains { policy.normalizedNames.contains($0) }
        }
    }

    /// `bytes` with each `%XX` decoded (an invalid escape is kept as it is) and, for a name, `+` as a space.
    static func percentDecoded(_ bytes: [UInt8], plusAsSpace: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.percent, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusAsSpace && byte == Byte.plus ? Byte.space : byte)
            index += 1
        }
        return output
    }

    // MARK: - Private

    private func scrubbed(_ query: [UInt8], decodingsLeft: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(query.count)
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count, query[end] != Byte.ampersand, query[end] != Byte.semicolon { end += 1 }
            let parameter = query[start..<end]
            if !parameter.isEmpty {
                let equals = parameter.firstIndex(of: Byte.equals)
                let name = parameter[..<(equals ?? parameter.endIndex)]
                if keeps(name: name) {
                    if !output.isEmpty { output.append(query[start - 1]) }
                    output.append(contentsOf: name)
                    if let equals {
                        let value = parameter[(equals + 1)...]
                        output.append(Byte.equals)
                        output.append(contentsOf: scrubbed(value: Array(value), decodingsLeft: decodingsLeft) ?? Array(value))
                    }
                }
            }
            start = end + 1
        }
        return output
    }

    /// `value` with the nested query it holds cleaned, or `nil` when it holds none or nothing in it changed.
    private func scrubbed(value: [UInt8], decodingsLeft: Int) -> [UInt8]? {
        var current = value
        var decodings = 0
        while decodings < decodingsLeft {
            let decoded = Self.percentDecoded(current)
            guard decoded != current else { return nil }
            decodings += 1
            if let nested = Self.nestedQuery(in: decoded) {
                let query = Array(decoded[nested])
                let clean = scrubbed(query, decodingsLeft: decodingsLeft - decodings)
                guard clean != query else { return nil }
                var rebuilt = Array(decoded[..<nested.lowerBound])
                // An emptied query leaves no `?` behind.
                if clean.isEmpty, rebuilt.last == Byte.question { rebuilt.removeLast() }
                rebuilt += clean
                rebuilt += decoded[nested.upperBound...]
                for _ in 0..<decodings { rebuilt = Self.percentEncoded(rebuilt) }
                return rebuilt
            }
            current = decoded
        }
        return nil
    }

    /// A decoded name as names are compared: trimmed of white space and case-folded (ASCII names without
    /// Foundation, the common case).
    private static func comparable(_ bytes: [UInt8]) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The names web frameworks read `name` as: itself, before a bracket (`a[b]`, `a[]`: PHP, qs, Rack),
    /// before a dot (`a.b`: qs, ASP.NET), and with dots and spaces as underscores (PHP).
    private static func readings(of name: String) -> [String] {
        var readings = [name]
        for separator: Character in ["[", "."] {
            if let index = name.firstIndex(of: separator) {
                readings.append(name[..<index].trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let bracketBase = name.firstIndex(of: "[").map { String(name[..<$0]) } ?? name
        readings.append(String(bracketBase.map { $0 == "." || $0 == " " ? "_" : $0 }))
        return readings
    }

    /// Where the query nested in a decoded value lies: after its first `?` up to a `#`, or, without a `?`,
    /// the whole value when it holds a `name=value` pair (an `=` followed by something other than `=`, so
    /// that base64 padding is not one).
    private static func nestedQuery(in value: [UInt8]) -> Range<Int>? {
        let fragment = value.firstIndex(of: Byte.hash) ?? value.count
        if let question = value[..<fragment].firstIndex(of: Byte.question) {
            return (question + 1)..<fragment
        }
        let pairs = value.indices.contains { $0 + 1 < value.count && value[$0] == Byte.equals && value[$0 + 1] != Byte.equals }
        return pairs ? 0..<value.count : nil
    }

    /// `bytes` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) percent-encoded.
    private static func percentEncoded(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [Byte.percent, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private enum Byte {
        static let ampersand = UInt8(ascii: "&")
        static let semicolon = UInt8(ascii: ";")
        static let equals = UInt8(ascii: "=")
        static let question = UInt8(ascii: "?")
        static let hash = UInt8(ascii: "#")
        static let percent = UInt8(ascii: "%")
        static let plus = UInt8(ascii: "+")
        static let space = UInt8(ascii: " ")
    }
}
