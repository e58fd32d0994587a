/// Whether a path segment (percent-decoded) looks like a secret: the rules of
/// ``DeepLinkPathPolicy/redactingSecrets(secretTemplates:keptTemplates:uuidsAreSecret:)``.
///
/// One pass over the bytes per rule, each with constant work per byte (the UUID rule compares at most 36 bytes
/// at each position), so the cost is linear in the segment's length.
enum DeepLinkSecretShape {
    // MARK: - Internal

    /// The shortest run of hexadecimal digits read as a secret: 128 bits, an MD5 or a typical reset token.
    static let minimumHexRun = 32
    /// The shortest run of base64url characters (mixing upper case, lower case and digits) read as a secret:
    /// about 120 bits.
    static let minimumBase64URLRun = 20
    /// The shortest run of letters and digits (mixing both) read as a secret: a base-36 token of about 124
    /// bits. Slugs separate their words, so they never make such a run.
    static let minimumAlphanumericRun = 24

    /// Whether `segment` looks like a secret.
    /// - Parameters:
    ///   - segment: The segment, percent-decoded.
    ///   - uuidsAreSecret: Whether a UUID is one.
    static func looksSecret(_ segment: [UInt8], uuidsAreSecret: Bool) -> Bool {
        isJWT(segment) || hasLongRuns(segment) || (uuidsAreSecret && containsUUID(segment))
    }

    // MARK: - Private

    /// Three (signed) or five (encrypted) base64url parts separated by dots, the first a JSON header (`{"`
    /// is `eyJ` in base64url), the second not empty.
    private static func isJWT(_ segment: [UInt8]) -> Bool {
        guard segment.count >= 5, segment[0] == UInt8(ascii: "e"), segment[1] == UInt8(ascii: "y"), segment[2] == UInt8(ascii: "J") else {
            return false
        }
        let parts = segment.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 5, !parts[1].isEmpty else { return false }
        return parts.allSatisfy { $0.allSatisfy(isBase64URL) }
    }

    /// A long hexadecimal run, a long mixed base64url run or a long mixed alphanumeric run.
    private static func hasLongRuns(_ segment: [UInt8]) -> Bool {
        var hex = 0
        var base64 = Run()
        var alphanumeric = Run()
        for byte in segment {
            hex = isHex(byte) ? hex + 1 : 0
            if hex >= minimumHexRun { return true }
            if isBase64URL(byte) { base64.add(byte) } else { base64 = Run() }
            if base64.count >= minimumBase64URLRun, base64.hasUpper, base64.hasLower, base64.hasDigit { return true }
            if isAlphanumeric(byte) { alphanumeric.add(byte) } else { alphanumeric = Run() }
            if alphanumeric.count >= minimumAlphanumericRun, alphanumeric.hasUpper || alphanumeric.hasLower, alphanumeric.hasDigit {
                return true
            }
        }
        return false
    }

    /// Whether `segment` holds `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (hexadecimal digits) anywhere.
    private static func containsUUID(_ segment: [UInt8]) -> Bool {
        guard segment.count >= 36 else { return false }
        let dashes: Set<Int> = [8, 13, 18, 23]
        outer: for start in 0...(segment.count - 36) {
            for offset in 0..<36 {
                let byte = segment[start + offset]
                guard dashes.contains(offset) ? byte == UInt8(ascii: "-") : isHex(byte) else { continue outer }
            }
            return true
        }
        return false
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// The character classes met since a run began.
    private struct Run {
        var count = 0
        var hasUpper = false
        var hasLower = false
        var hasDigit = false

        mutating func add(_ byte: UInt8) {
            count += 1
            hasUpper = hasUpper || (0x41...0x5A).contains(byte)
            hasLower = hasLower || (0x61...0x7A).contains(byte)
            hasDigit = hasDigit || (0x30...0x39).contains(byte)
        }
    }
}
