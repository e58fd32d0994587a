import Foundation

/// A JSON value as it goes on the wire: message properties, traits and context.
///
/// Objects keep their members in order, so messages read the same in every request and tests can compare
/// bytes.
package enum WireJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A finite number; NaN and infinities are written as `null` (JSON has no spelling for them).
    case double(Double)
    case string(String)
    case array([WireJSON])
    case object([WireJSONMember])

    /// The value of a tracked property: a date as its ISO-8601 string (``WireTimestamp``), an object with
    /// its keys sorted.
    package init(_ value: TrackingPropertyValue) {
        switch value {
        case .string(let string): self = .string(string)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .bool(let bool): self = .bool(bool)
        case .date(let date): self = .string(WireTimestamp.string(date))
        case .array(let elements): self = .array(elements.map(WireJSON.init))
        case .object(let members): self = .object([WireJSONMember](members))
        case .null: self = .null
        }
    }
}

/// One member of a JSON object.
package struct WireJSONMember: Sendable, Equatable {
    package var key: String
    package var value: WireJSON

    package init(_ key: String, _ value: WireJSON) {
        self.key = key
        self.value = value
    }
}

extension [WireJSONMember] {
    /// Tracked properties as members, sorted by key so that equal dictionaries encode to equal bytes.
    package init(_ properties: TrackingProperties) {
        self = properties.sorted { $0.key < $1.key }.map { WireJSONMember($0.key, WireJSON($0.value)) }
    }
}
