/// The tracking component of a view controller: which screen it is, for analytics.
///
/// Set it in `viewDidLoad`; the ``Tracker`` records a screen view when the controller's view is really on
/// screen, and attributes every tracked element inside it to this screen:
///
/// ```swift
/// trackingScreen = TrackingScreen(screenName: .myProfile)
/// ```
public struct TrackingScreen: Hashable, Sendable, Codable {
    /// The screen's analytics name.
    public var screenName: TrackingScreenName
    /// A stable identifier that tells screens of the same name apart, such as a profile's user id.
    public var identifier: String?
    /// Extra typed properties sent with the screen's events and as the context of its elements' events.
    public var properties: TrackingProperties

    /// Creates a screen component.
    /// - Parameters:
    ///   - screenName: The screen's analytics name.
    ///   - identifier: A stable identifier that tells screens of the same name apart.
    ///   - properties: Extra typed properties sent with the screen's events.
    public init(screenName: TrackingScreenName, identifier: String? = nil, properties: TrackingProperties = [:]) {
        self.screenName = screenName
        self.identifier = identifier
        self.properties = properties
    }
}

extension TrackingScreen {
    // MARK: - Public

    /// Creates a component whose properties are variables (`["position": index]`), any
    /// ``TrackingPropertyConvertible`` values.
    /// - Parameters:
    ///   - screenName: The screen's analytics name.
    ///   - identifier: A stable identifier that tells screens of the same name apart.
    ///   - properties: Extra properties sent with the screen's events.
    @_disfavoredOverload
    public init(screenName: TrackingScreenName, identifier: String? = nil, properties: [String: (any TrackingPropertyConvertible)?]) {
        self.init(screenName: screenName, identifier: identifier, properties: properties.trackingProperties)
    }
}
