/// A typed analytics property value.
///
/// Literals convert directly: `["position": 3, "promoted": true, "title": "Hello"]`.
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
