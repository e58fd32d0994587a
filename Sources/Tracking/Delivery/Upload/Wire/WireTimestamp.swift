import Foundation

/// ISO-8601 timestamps in UTC with milliseconds (`2026-11-23T05:06:19.123Z`), as Segment's `timestamp` and
/// `sentAt` expect.
///
/// Hand-written (days-to-civil-date arithmetic) rather than `ISO8601DateFormatter`, which is slow on the
/// hot path and not `Sendable`. Always 24 bytes, so a batch's size is known before `sentAt` is.
///
/// Only years 0000 to 9999 have that form: a date outside them (or NaN, or infinite) is written clamped to
/// the nearest end (NaN as 1970-01-01), never trapping. Callers that must not send such a date check
/// ``isRepresentable(_:)`` first and drop it with a diagnostic.
package enum WireTimestamp {
    // MARK: - Internal

    /// The length of every timestamp this writes.
    package static let byteCount = 24

    /// Whether `date` is finite and within years 0000 to 9999, so that it is written as it is.
    package static func isRepresentable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds >= earliest && seconds < latest
    }

    /// The timestamp's bytes, quoted for JSON.
    package static func write(_ date: Date, into writer: inout WireJSONWriter) {
        writer.appendBytes { quoted(date, into: &$0) }
    }

    /// Milliseconds since 1970, rounded: Amplitude's `time` and Mixpanel's `time` (both documented in ms).
    /// Only for dates ``isRepresentable(_:)`` accepts, which keeps the conversion in `Int`'s range.
    package static func milliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The timestamp as a string.
    package static func string(_ date: Date) -> String {
        var bytes: [UInt8] = []
        quoted(date, into: &bytes)
        return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }

    // MARK: - Private

    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let earliest: Double = -62_167_219_200
    private static let latest: Double = 253_402_300_800

    private static func quoted(_ date: Date, into out: inout [UInt8]) {
        let seconds = date.timeIntervalSince1970
        let clamped = seconds.isNaN ? 0 : min(max(seconds, earliest), latest - 0.001)
        // Rounded to the microsecond first: `Date` stores seconds since 2001, so an instant set from a
        // 1970-based value can come back a hair early and floor into the previous millisecond.
        let microseconds = Int64((clamped * 1_000_000).rounded())
        let milliseconds = microseconds >= 0 ? microseconds / 1000 : (microseconds - 999) / 1000
        var days = milliseconds / 86_400_000
        var millisecondOfDay = milliseconds % 86_400_000
        if millisecondOfDay < 0 {
            millisecondOfDay += 86_400_000
            days -= 1
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let second = millisecondOfDay / 1000
        out.append(UInt8(ascii: "\""))
        append(year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        append(second / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(second / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(second % 60, width: 2, to: &out)
        out.append(UInt8(ascii: "."))
        append(millisecondOfDay % 1000, width: 3, to: &out)
        out.append(UInt8(ascii: "Z"))
        out.append(UInt8(ascii: "\""))
    }

    /// Howard Hinnant's `civil_from_days`: proleptic Gregorian date of a day count since 1970-01-01.
    private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Appends a non-negative number zero-padded to `width` digits (years beyond 9999 are clamped).
    private static func append(_ value: Int64, width: Int, to out: inout [UInt8]) {
        let value = min(max(value, 0), width == 4 ? 9999 : Int64.max)
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
