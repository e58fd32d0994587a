import Foundation

/// What every wire format says about an event, whatever its field names: the kind of call, its name and
/// its properties. Our own events (screen views, impressions, screen ends, taps, rage and dead taps) keep
/// the names ``TrackingWireNaming`` gives them and the same properties in every format; explicit calls keep
/// the app's name and properties.
package struct WireEventContent {
    // MARK: - Internal

    /// The Segment call this event is (each destination maps it to its own equivalent).
    package var kind: WireMessage.Kind
    /// The event name (`track`) or screen name (`screen`); `nil` for the other calls.
    package var name: String?
    /// The properties (`track`, `screen`) or traits (`identify`, `group`); empty for `alias`.
    package var properties: [WireJSONMember]

    /// The content of `event`, or `nil` when the event lacks what its kind needs (a screen view without a
    /// screen, an impression without an element, a track without a name, a group without a group id, an
    /// alias without a previous id or a user id).
    package init?(event: TrackingEvent, naming: TrackingWireNaming) {
        switch event.kind {
        case .screenView, .impression, .exposure, .screenEnded, .tap, .rageTap, .deadTap:
            guard let (own, added) = WireMessage.scannedProperties(of: event, naming: naming) else { return nil }
            kind = event.kind == .screenView ? .screen : .track
            switch event.kind {
            case .screenView: name = event.screen?.screenName.rawValue
            case .impression: name = naming.impressionEvent
            case .exposure: name = naming.exposureEvent
            case .tap: name = naming.tapEvent
            case .rageTap: name = naming.rageTapEvent
            case .deadTap: name = naming.deadTapEvent
            default: name = naming.screenEndedEvent
            }
            if added.isEmpty {
                properties = [WireJSONMember](own)
            } else {
                let addedKeys = Set(added.map(\.key))
                properties = [WireJSONMember](own).filter { !addedKeys.contains($0.key) } + added
            }
        case .track:
            guard let eventName = event.eventName else { return nil }
            kind = .track
            name = eventName.rawValue
            properties = [WireJSONMember](event.eventProperties)
        case .identify:
            kind = .identify
            name = nil
            properties = [WireJSONMember](event.eventProperties)
        case .group:
            guard event.groupID != nil else { return nil }
            kind = .group
            name = nil
            properties = [WireJSONMember](event.eventProperties)
        case .alias:
            guard event.previousID != nil, event.identity?.userID != nil else { return nil }
            kind = .alias
            name = nil
            properties = []
        default:
            return nil
        }
    }
}
