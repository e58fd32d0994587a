import Foundation

/// Reads a `Retry-After` header: delay-seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2026 07:28:00 GMT`,
/// and the obsolete RFC 850 and asctime forms HTTP/1.1 still requires recipients to accept).
package enum RetryAfter {
    // MARK: - Internal

    /// The delay in seconds (0 for a date in the past), or `nil` when the value is neither form.
    package static func seconds(from value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            return TimeInterval(trimmed.prefix(9)) // More than 9 digits is years; the policy caps it anyway.
        }
        for format in formats {
            if let date = formatter(format).date(from: trimmed) {
                return max(0, date.timeIntervalSince(now))
            }
        }
        return nil
    }

    // MARK: - Private

    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", // IMF-fixdate
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850
        "EEE MMM d HH:mm:ss yyyy",       // asctime
    ]

    /// A new formatter per call: this runs once per failed upload, and `DateFormatter` is not `Sendable`.
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
