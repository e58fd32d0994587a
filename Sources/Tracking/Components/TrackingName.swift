/// A string-backed name: ``TrackingElementType``, ``TrackingScreenName``, ``TrackingEventKind`` and ``TrackingDiagnostic/Code``.
///
/// Conformers get string-literal construction, a bare-string `Codable` form and their raw value as
/// their description.
public protocol TrackingName: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible where RawValue == String, StringLiteralType == String {
    /// Creates a name from its analytics string.
    init(rawValue: String)
}

extension TrackingName {
    /// Creates a name from a string literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The analytics string.
    public var description: String { rawValue }

    /// Decodes the bare string, as ``encode(to:)`` writes it.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
