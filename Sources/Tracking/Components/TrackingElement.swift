/// The tracking component of a view: what the view is, for analytics.
///
/// Set it on any view; the ``Tracker`` records an impression when the view has been visible long enough:
///
/// ```swift
/// cell.trackingElement = TrackingElement(elementType: .feedCell, identifier: post.id, properties: ["position": 3])
/// ```
///
/// Identity is the value (type, identifier and properties), not the view: a reused cell that gets a new
/// component is a new impression, and the same component moved to another view is not.
public struct TrackingElement: Hashable, Sendable, Codable {
    /// What kind of element this is.
    public var elementType: TrackingElementType
    /// A stable identifier that tells elements of the same type apart, such as a post id.
    public var identifier: String?
    /// Extra typed properties sent with the element's events.
    public var properties: TrackingProperties
    /// Whether the end of each of this element's impressed visibility spans is recorded as a
    /// ``TrackingEventKind/exposure`` event: `true` or `false` overrides
    /// ``TrackingConfiguration/reportsElementExposure`` for this element, `nil` (the default) follows it.
    /// Part of the element's value (and identity) but not of its events' properties; not kept with stored
    /// events, whose recording it no longer affects.
    public var reportsExposure: Bool?

    /// Creates an element component.
    /// - Parameters:
    ///   - elementType: What kind of element this is.
    ///   - identifier: A stable identifier that tells elements of the same type apart.
    ///   - properties: Extra typed properties sent with the element's events.
    public init(elementType: TrackingElementType, identifier: String? = nil, properties: TrackingProperties = [:]) {
        self.elementType = elementType
        self.identifier = identifier
        self.properties = properties
    }
}

extension TrackingElement {
    // MARK: - Public

    /// Creates a component whose properties are variables (`["position": index]`), any
    /// ``TrackingPropertyConvertible`` values.
    /// - Parameters:
    ///   - elementType: What kind of element this is.
    ///   - identifier: A stable identifier that tells elements of the same type apart.
    ///   - properties: Extra properties sent with the element's events.
    @_disfavoredOverload
    public init(elementType: TrackingElementType, identifier: String? = nil, properties: [String: (any TrackingPropertyConvertible)?]) {
        self.init(elementType: elementType, identifier: identifier, properties: properties.trackingProperties)
    }
}
