import Foundation

extension WireMessage {
    // MARK: - Internal

    /// The message for a recorded event, everything taken from the event: a screen view is a `screen`
    /// call, an impression a `track` call named by `naming`, an explicit event a `track` call (`event` =
    /// its name, `properties` = its properties), an identification an `identify` call with `traits`.
    ///
    /// `messageId` is the event's id, lowercased, so a re-sent event keeps it; `anonymousId` and `userId`
    /// come from the event's identity, `context` from its context. `nil` when the event lacks what its
    /// kind needs (a screen view without a screen, an impression without an element, a track without a name)
    /// or has no identity (the Segment API requires an `anonymousId` or a `userId`, and a batch holding
    /// a message without either would be rejected whole; the ``Tracker`` sets one on every event).
    package init?(event: TrackingEvent, naming: TrackingWireNaming) {
        self.init(event: event, naming: naming, context: event.context.map([WireJSONMember].init) ?? [])
    }

    /// As ``init(event:naming:)``, with the event's context already converted (a batch converts each
    /// distinct context once).
    package init?(event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember]) {
        guard let identity = event.identity else { return nil }
        let keys = naming.propertyKeys
        var properties: [WireJSONMember]
        let kind: Kind
        let name: String?
        switch event.kind {
        case .screenView:
            guard let screen = event.screen else { return nil }
            kind = .screen
            name = screen.screenName.rawValue
            properties = [WireJSONMember](screen.properties)
            if let identifier = screen.identifier { properties.append(WireJSONMember(keys.screenIdentifier, .string(identifier))) }
            properties.append(WireJSONMember(keys.visibleRatio, .double(event.visibleRatio)))
        case .impression:
            guard let element = event.element else { return nil }
            kind = .track
            name = naming.impressionEvent
            properties = [WireJSONMember](element.properties)
            properties.append(WireJSONMember(keys.elementType, .string(element.elementType.rawValue)))
            if let identifier = element.identifier { properties.append(WireJSONMember(keys.elementIdentifier, .string(identifier))) }
            if let screen = event.screen {
                properties.append(WireJSONMember(keys.screenName, .string(screen.screenName.rawValue)))
                if let identifier = screen.identifier { properties.append(WireJSONMember(keys.screenIdentifier, .string(identifier))) }
            }
            properties.append(WireJSONMember(keys.visibleRatio, .double(event.visibleRatio)))
        case .track:
            guard let eventName = event.eventName else { return nil }
            kind = .track
            name = eventName.rawValue
            properties = [WireJSONMember](event.eventProperties)
        case .identify:
            kind = .identify
            name = nil
            properties = [WireJSONMember](event.eventProperties)
        default:
            return nil
        }
        self.init(
            type: kind, messageId: event.id.uuidString.lowercased(), timestamp: event.timestamp,
            anonymousId: identity.anonymousID.uuidString.lowercased(), userId: identity.userID,
            name: name, properties: properties, context: context
        )
    }
}
