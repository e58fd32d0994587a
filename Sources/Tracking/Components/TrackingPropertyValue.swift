/// A typed analytics property value.
///
/// Literals convert directly: `["position": 3, "promoted": true, "title": "Hello"]`.
///
/// Numbers compare by value: `.int(3) == .double(3.0)`, with equal hashes. JSON does not keep the
/// difference (`3.0` encodes as `3` and decodes as `.int(3)`), so a value and its decoded copy stay equal,
/// and so does the identity of a component that carries it.
public enum TrackingPropertyValue: Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A real number. Non-finite values are rejected by the tracker with a diagnostic.
    case double(Double)
    /// A flag.
    case bool(Bool)

    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a real-number value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a flag value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Decodes the bare JSON scalar.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Equal when both are the same text or flag, or numbers of equal value.
    public static func == (lhs: TrackingPropertyValue, rhs: TrackingPropertyValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): Double(exactly: a) == b
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
        }
    }

    /// Encodes the bare JSON scalar.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }
}

/// Typed analytics properties attached to a component or an event, keyed by property name.
public typealias TrackingProperties = [String: TrackingPropertyValue]
