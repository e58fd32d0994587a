import Foundation

extension WireMessage {
    // MARK: - Internal

    /// The message for a recorded screen view (a `screen` call) or impression (a `track` call named by
    /// `naming`), or `nil` for kinds this mapping does not know.
    ///
    /// `messageId` is the event's id, lowercased, so a re-sent event keeps it. Identity and context are
    /// the caller's: they come from the store's record of the event.
    package init?(event: TrackingEvent, anonymousId: String?, userId: String?, context: [WireJSONMember], naming: TrackingWireNaming) {
        let keys = naming.propertyKeys
        var properties: [WireJSONMember]
        let kind: Kind
        let name: String
        switch event.kind {
        case .screenView:
            guard let screen = event.screen else { return nil }
            kind = .screen
            name = screen.screenName.rawValue
            properties = [WireJSONMember](screen.properties)
            if let identifier = screen.identifier { properties.append(WireJSONMember(keys.screenIdentifier, .string(identifier))) }
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
        default:
            return nil
        }
        properties.append(WireJSONMember(keys.visibleRatio, .double(event.visibleRatio)))
        self.init(
            type: kind, messageId: event.id.uuidString.lowercased(), timestamp: event.timestamp,
            anonymousId: anonymousId, userId: userId, name: name, properties: properties, context: context
        )
    }
}
