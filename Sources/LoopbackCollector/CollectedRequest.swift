import Foundation

/// One request the ``LoopbackCollector`` received, as it arrived.
public struct CollectedRequest: Sendable, Hashable {
    // MARK: - Public

    /// The method, for example `POST`.
    public var method: String
    /// The request target, for example `/v1/batch`.
    public var path: String
    /// The header fields in arrival order, names as sent.
    public var headers: [HTTPHeaderField]
    /// The body, gunzipped when `Content-Encoding: gzip` was sent.
    public var body: Data
    /// The body's size on the wire (before gunzipping).
    public var wireBodySize: Int
    /// When the collector finished reading the request.
    public var receivedAt: Date
    /// How the collector answered it.
    public var behaviour: CollectorBehaviour

    /// The value of the first header named `name` (case-insensitive), or `nil`.
    /// - Parameter name: The header's name, in any case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body parsed as JSON with `JSONSerialization`, or `nil` when it is not JSON.
    public var jsonBody: Any? {
        try? JSONSerialization.jsonObject(with: body)
    }
}

/// One HTTP header field.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field's name, as sent.
    public var name: String
    /// The field's value, trimmed of surrounding whitespace.
    public var value: String

    /// Creates a field.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The field's value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
