import Foundation

extension WireMessage {
    // MARK: - Internal

    /// The message for a recorded event, everything taken from the event: a screen view is a `screen`
    /// call, an impression, a screen's end, a tap or a rage tap a `track` call named by `naming`, an explicit
    /// event a `track` call (`event` = its name, `properties` = its properties), an identification an
    /// `identify` call with `traits`, a group event a `group` call with `groupId` and `traits`, an alias an
    /// `alias` call with `previousId`.
    ///
    /// `messageId` is the event's id, lowercased, so a re-sent event keeps it; `anonymousId` and `userId`
    /// come from the event's identity, `context` from its context, followed by the identity's traits
    /// (`traits`, when there are any) and the session (`sessionId`, and `sessionStart: true` on its first
    /// event), as RudderStack's mobile SDKs send them. `nil` when the event lacks what its
    /// kind needs (a screen view without a screen, an impression without an element, a track without a name),
    /// has no identity (the Segment API requires an `anonymousId` or a `userId`, and a batch holding
    /// a message without either would be rejected whole; the ``Tracker`` sets one on every event), or has a
    /// timestamp that no ISO-8601 string can carry (``WireTimestamp/isRepresentable(_:)``).
    ///
    /// The keys the SDK adds (``TrackingWireNaming/PropertyKeys``) win over an app property of the same
    /// name, which is left out: one key per object, and the SDK's facts stay trustworthy.
    package init?(event: TrackingEvent, naming: TrackingWireNaming) {
        self.init(event: event, naming: naming, context: event.context.map([WireJSONMember].init) ?? [])
    }

    /// As ``init(event:naming:)``, with the event's context already converted (a batch converts each
    /// distinct context once).
    package init?(event: TrackingEvent, naming: TrackingWireNaming, context: [WireJSONMember]) {
        guard let identity = event.identity, WireTimestamp.isRepresentable(event.timestamp),
              let content = WireEventContent(event: event, naming: naming) else { return nil }
        let kind = content.kind, name = content.name, properties = content.properties
        var context = context
        if !identity.traits.isEmpty {
            context.append(WireJSONMember("traits", .object([WireJSONMember](identity.traits))))
        }
        if let session = event.session {
            context.append(WireJSONMember("sessionId", .int(Int(truncatingIfNeeded: session.id))))
            if session.isStart { context.append(WireJSONMember("sessionStart", .bool(true))) }
        }
        self.init(
            type: kind, messageId: event.id.uuidString.lowercased(), timestamp: event.timestamp,
            anonymousId: identity.anonymousID.uuidString.lowercased(), userId: identity.userID,
            name: name, groupId: event.groupID, previousId: event.previousID, properties: properties, context: context
        )
    }

    /// The keys of the app's properties that the SDK's own keys replace in `event`'s message, sorted.
    package static func shadowedPropertyKeys(of event: TrackingEvent, naming: TrackingWireNaming) -> [String] {
        // Cheap first: this runs for every event the sink receives, and a clash is rare.
        let keys = naming.propertyKeys
        let own = event.kind == .screenView || event.kind == .screenEnded ? event.screen?.properties
            : event.isElementEvent ? event.element?.properties : nil
        guard let own, !own.isEmpty,
              own[keys.elementType] != nil || own[keys.elementIdentifier] != nil || own[keys.screenName] != nil
                || own[keys.screenIdentifier] != nil || own[keys.visibleRatio] != nil
                || own[keys.visibleDuration] != nil || own[keys.tapCount] != nil || own[keys.tapX] != nil
                || own[keys.scrollDepth] != nil || own[keys.elementsViewed] != nil || own[keys.maximumVisibleRatio] != nil
                || own[keys.tapY] != nil || own[keys.tapElementX] != nil || own[keys.tapElementY] != nil,
              let (own, added) = scannedProperties(of: event, naming: naming) else { return [] }
        return added.map(\.key).filter { own[$0] != nil }.sorted()
    }

    /// A scanned or captured event's own properties (the screen's for a screen view or end, the element's for
    /// an impression or a tap) and the members the SDK adds to them; `nil` for other events, or when the
    /// subject is missing.
    static func scannedProperties(
        of event: TrackingEvent, naming: TrackingWireNaming
    ) -> (own: TrackingProperties, added: [WireJSONMember])? {
        let keys = naming.propertyKeys
        var added: [WireJSONMember] = []
        let own: TrackingProperties
        switch event.kind {
        case .screenView:
            guard let screen = event.screen else { return nil }
            own = screen.properties
            if let identifier = screen.identifier { added.append(WireJSONMember(keys.screenIdentifier, .string(identifier))) }
        case .impression, .exposure, .tap, .rageTap, .deadTap:
            guard let element = event.element else { return nil }
            own = element.properties
            added.append(WireJSONMember(keys.elementType, .string(element.elementType.rawValue)))
            if let identifier = element.identifier { added.append(WireJSONMember(keys.elementIdentifier, .string(identifier))) }
            if let screen = event.screen {
                added.append(WireJSONMember(keys.screenName, .string(screen.screenName.rawValue)))
                if let identifier = screen.identifier { added.append(WireJSONMember(keys.screenIdentifier, .string(identifier))) }
            }
        case .screenEnded:
            guard let screen = event.screen else { return nil }
            own = screen.properties
            added.append(WireJSONMember(keys.screenName, .string(screen.screenName.rawValue)))
            if let identifier = screen.identifier { added.append(WireJSONMember(keys.screenIdentifier, .string(identifier))) }
            if let duration = event.visibleDuration {
                added.append(WireJSONMember(keys.visibleDuration, .int(milliseconds(duration))))
            }
            if let depth = event.scrollDepth, depth.isFinite {
                added.append(WireJSONMember(keys.scrollDepth, .double(min(max(depth, 0), 1))))
            }
            if let count = event.elementsViewed {
                added.append(WireJSONMember(keys.elementsViewed, .int(count)))
            }
            return (own, added)
        default:
            return nil
        }
        switch event.kind {
        case .tap, .deadTap:
            break
        case .exposure:
            added.append(WireJSONMember(keys.visibleDuration, .int(milliseconds(event.visibleDuration ?? 0))))
            added.append(WireJSONMember(keys.maximumVisibleRatio, .double(event.visibleRatio)))
        case .rageTap:
            // A rage tap without its count is still a rage tap: the count is the one fact it adds.
            if let count = event.tapCount { added.append(WireJSONMember(keys.tapCount, .int(count))) }
        default:
            added.append(WireJSONMember(keys.visibleRatio, .double(event.visibleRatio)))
        }
        if let position = event.tapPosition {
            added.append(WireJSONMember(keys.tapX, .double(position.x)))
            added.append(WireJSONMember(keys.tapY, .double(position.y)))
            added.append(WireJSONMember(keys.tapElementX, .double(position.elementX)))
            added.append(WireJSONMember(keys.tapElementY, .double(position.elementY)))
        }
        return (own, added)
    }


    /// Whole milliseconds, rounded to the nearest: 0 for a negative or non-finite time (an event a hook
    /// built), and never past 2⁵³ − 1, the largest integer every JSON reader keeps exact.
    static func milliseconds(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min((seconds * 1000).rounded(), 9_007_199_254_740_991))
    }
}
