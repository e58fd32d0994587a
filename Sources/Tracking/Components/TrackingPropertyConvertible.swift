import Foundation

/// A type whose values can be sent as analytics properties, so that variables go into a properties
/// dictionary as they are: `tracker.track(.orderCompleted, properties: ["total": total, "coupon": coupon])`.
///
/// Adopted by `String`, `Int`, `Double`, `Float`, `Bool`, `Date`, ``TrackingPropertyValue``, and by arrays,
/// `String`-keyed dictionaries and optionals of adopting types (`nil` becomes ``TrackingPropertyValue/null``).
/// Adopt it for the app's own types to send them directly:
///
/// ```swift
/// extension Plan: TrackingPropertyConvertible {
///     var trackingPropertyValue: TrackingPropertyValue { .string(rawValue) }
/// }
/// ```
///
/// A dictionary literal mixing variables with a nested literal of mixed types
/// (`["total": total, "address": ["zip": 10115, "city": "Berlin"]]`) does not type-check, because Swift infers
/// no common type for the nested literal; write the nested one as `["zip": 10115, "city": "Berlin"] as
/// TrackingPropertyValue`.
public protocol TrackingPropertyConvertible {
    /// The value as an analytics property.
    var trackingPropertyValue: TrackingPropertyValue { get }
}

extension TrackingPropertyValue: TrackingPropertyConvertible {
    /// The value itself.
    public var trackingPropertyValue: TrackingPropertyValue { self }
}

extension String: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/string(_:)``.
    public var trackingPropertyValue: TrackingPropertyValue { .string(self) }
}

extension Int: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/int(_:)``.
    public var trackingPropertyValue: TrackingPropertyValue { .int(self) }
}

extension Double: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/double(_:)``.
    public var trackingPropertyValue: TrackingPropertyValue { .double(self) }
}

extension Float: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/double(_:)``.
    public var trackingPropertyValue: TrackingPropertyValue { .double(Double(self)) }
}

extension Bool: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/bool(_:)``.
    public var trackingPropertyValue: TrackingPropertyValue { .bool(self) }
}

extension Date: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/date(_:)``.
    public var trackingPropertyValue: TrackingPropertyValue { .date(self) }
}

extension Array: TrackingPropertyConvertible where Element: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/array(_:)`` of the converted elements.
    public var trackingPropertyValue: TrackingPropertyValue { .array(map(\.trackingPropertyValue)) }
}

extension Dictionary: TrackingPropertyConvertible where Key == String, Value: TrackingPropertyConvertible {
    /// ``TrackingPropertyValue/object(_:)`` of the converted values.
    public var trackingPropertyValue: TrackingPropertyValue { .object(mapValues(\.trackingPropertyValue)) }
}

extension Optional: TrackingPropertyConvertible where Wrapped: TrackingPropertyConvertible {
    /// The wrapped value converted, or ``TrackingPropertyValue/null``.
    public var trackingPropertyValue: TrackingPropertyValue { self?.trackingPropertyValue ?? .null }
}

extension [String: (any TrackingPropertyConvertible)?] {
    /// The values converted, `nil` to ``TrackingPropertyValue/null``, for the overloads that accept variables.
    var trackingProperties: TrackingProperties { mapValues { $0?.trackingPropertyValue ?? .null } }
}
