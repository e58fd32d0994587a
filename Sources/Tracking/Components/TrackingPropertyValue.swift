import Foundation

/// A typed analytics property value: a JSON value, plus dates.
///
/// Literals convert directly, nested ones included:
/// `["position": 3, "promoted": true, "title": "Hello", "tags": ["new", "sale"], "price": ["amount": 9.5], "coupon": nil]`.
/// Values from variables convert through ``TrackingPropertyConvertible`` (adopted by `String`, `Int`,
/// `Double`, `Float`, `Bool`, `Date`, and arrays, string-keyed dictionaries and optionals of them), so
/// `tracker.track(.orderCompleted, properties: ["total": total, "items": skus])` compiles as it reads.
///
/// On the wire, arrays and objects are JSON arrays and objects, ``null`` is `null`, and a date is an
/// ISO-8601 string in UTC with milliseconds (`2026-11-23T05:06:19.123Z`), as Segment's own SDKs send them.
///
/// Numbers compare by value: `.int(3) == .double(3.0)`, with equal hashes. JSON does not keep the
/// difference (`3.0` encodes as `3` and decodes as `.int(3)`), so a value and its decoded copy stay equal,
/// and so does the identity of a component that carries it. JSON has no date type either: a date encodes as
/// its ISO-8601 string and decodes as that ``string(_:)``.
public enum TrackingPropertyValue: Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A real number. The tracker drops a non-finite one with a diagnostic (inside an array or object, it
    /// becomes ``null``).
    case double(Double)
    /// A flag.
    case bool(Bool)
    /// An instant, sent as an ISO-8601 string in UTC with milliseconds.
    case date(Date)
    /// An ordered list of values.
    case array([TrackingPropertyValue])
    /// Values keyed by name; sent with its keys sorted.
    case object([String: TrackingPropertyValue])
    /// No value (JSON `null`), as opposed to a missing property.
    case null

    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a real-number value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a flag value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an array value.
    public init(arrayLiteral elements: TrackingPropertyValue...) { self = .array(elements) }
    /// Creates an object value; of duplicate keys, the last one wins.
    public init(dictionaryLiteral elements: (String, TrackingPropertyValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// Creates ``null``.
    public init(nilLiteral: ()) { self = .null }

    /// Creates the value of anything convertible, such as a variable holding a `Double` or an `[String]`.
    /// - Parameter value: The value to convert.
    public init(_ value: some TrackingPropertyConvertible) {
        self = value.trackingPropertyValue
    }

    /// Decodes a JSON value: `null`, a flag, a number, a string, an array or an object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([TrackingPropertyValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: TrackingPropertyValue].self))
        }
    }

    /// Equal when both are the same text, flag, date, `null`, equal arrays or objects, or numbers of equal
    /// value.
    public static func == (lhs: TrackingPropertyValue, rhs: TrackingPropertyValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): Double(exactly: a) == b
        case let (.date(a), .date(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// Hashes numbers by value, so that equal numbers of either case hash alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2)
            hasher.combine(Double(exactly: value) ?? Double(value))
        case .double(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .date(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .null:
            hasher.combine(6)
        }
    }

    /// Encodes the JSON value; a date as its ISO-8601 string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .date(let value): try container.encode(WireTimestamp.string(value))
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

/// Typed analytics properties attached to a component or an event, keyed by property name.
public typealias TrackingProperties = [String: TrackingPropertyValue]
