/// The analytics calls with properties taken from variables (`["total": total]` with a `Double`), which a
/// ``TrackingProperties`` literal cannot hold without `.double(total)`; literals and ``TrackingProperties``
/// values use the main overloads.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Records an explicit event whose properties are variables.
    /// - Parameters:
    ///   - name: What happened.
    ///   - properties: Details of what happened, any ``TrackingPropertyConvertible`` values.
    @_disfavoredOverload
    public nonisolated func track(_ name: TrackingEventName, properties: [String: (any TrackingPropertyConvertible)?]) {
        track(name, properties: properties.trackingProperties)
    }

    /// Records a screen view whose properties are variables.
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - properties: The screen's properties, any ``TrackingPropertyConvertible`` values.
    @_disfavoredOverload
    public nonisolated func screen(_ name: TrackingScreenName, properties: [String: (any TrackingPropertyConvertible)?]) {
        screen(name, properties: properties.trackingProperties)
    }

    /// Identifies the user with traits that are variables.
    /// - Parameters:
    ///   - userID: The app's identifier for the user.
    ///   - traits: What is known about the user, any ``TrackingPropertyConvertible`` values.
    @_disfavoredOverload
    public nonisolated func identify(userID: String, traits: [String: (any TrackingPropertyConvertible)?]) {
        identify(userID: userID, traits: traits.trackingProperties)
    }

    /// Sends traits that are variables without changing who the person is.
    /// - Parameter traits: What is known about the person, any ``TrackingPropertyConvertible`` values.
    @_disfavoredOverload
    public nonisolated func identify(traits: [String: (any TrackingPropertyConvertible)?]) {
        identify(traits: traits.trackingProperties)
    }

    /// Records that the user belongs to a group whose traits are variables.
    /// - Parameters:
    ///   - groupID: The app's identifier for the group.
    ///   - traits: What is known about the group, any ``TrackingPropertyConvertible`` values.
    @_disfavoredOverload
    public nonisolated func group(_ groupID: String, traits: [String: (any TrackingPropertyConvertible)?]) {
        group(groupID, traits: traits.trackingProperties)
    }
}
