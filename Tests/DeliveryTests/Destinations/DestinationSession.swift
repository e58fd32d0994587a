import Foundation
@testable import Tracking
import TestSupport

/// One session of every event kind, as the tracker records them: the application opening (a lifecycle
/// event), a screen view, an impression, a tap, a rage tap, a dead tap, the screen's end, an
/// identification, a group, an alias and an explicit event, one second apart from the manual clock's
/// start, with fixed ids, so every destination's request can be compared byte for byte.
enum DestinationSession {
    static let start = ManualTrackingClock().now().date
    static let anonymousID = UUID(uuidString: "3F2A9C4E-5B1D-4E8F-9A7C-2D6E1B0F8A3C")!
    static let sessionID = Int64(start.timeIntervalSince1970)

    /// The events, in order.
    static var events: [TrackingEvent] {
        let anonymous = TrackingIdentity(anonymousID: anonymousID)
        let identified = TrackingIdentity(anonymousID: anonymousID, userID: "user-42", traits: ["plan": "pro"])
        let screen = TrackingScreen(screenName: "feed", identifier: "tab-1", properties: ["layout": "grid"])
        let cell = TrackingElement(elementType: "feed_cell", identifier: "cell-1", properties: ["rank": .int(1)])
        let button = TrackingElement(elementType: "buy_button", identifier: "buy", properties: [:])
        let position: TrackingProperties = ["tap_x": 120, "tap_y": 640.5, "tap_element_x": 0.5, "tap_element_y": 0.25]
        var rage = position
        rage["tap_count"] = .int(4)
        func event(_ number: Int, _ kind: TrackingEventKind, identity: TrackingIdentity = anonymous, element: TrackingElement? = nil,
                   screen: TrackingScreen? = nil, ratio: Double = 0, name: TrackingEventName? = nil,
                   properties: TrackingProperties = [:], groupID: String? = nil, previousID: String? = nil,
                   duration: TimeInterval? = nil) -> TrackingEvent {
            TrackingEvent(
                id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!,
                timestamp: start.addingTimeInterval(Double(number)), kind: kind, element: element, screen: screen,
                visibleRatio: ratio, eventName: name, eventProperties: properties, identity: identity,
                context: .sample, session: TrackingSession(id: sessionID, isStart: number == 0),
                groupID: groupID, previousID: previousID, visibleDuration: duration
            )
        }
        return [
            event(0, .track, name: "Application Opened", properties: ["from_background": false, "version": "2.1"]),
            event(1, .screenView, screen: screen, ratio: 1),
            event(2, .impression, element: cell, screen: screen, ratio: 0.75),
            event(3, .tap, element: button, screen: screen, properties: position),
            event(4, .rageTap, element: button, screen: screen, properties: rage),
            event(5, .deadTap, element: button, screen: screen, properties: position),
            event(6, .screenEnded, screen: screen, ratio: 1, duration: 3.25),
            event(7, .identify, identity: identified, properties: ["plan": "pro"]),
            event(8, .group, identity: identified, properties: ["seats": .int(12)], groupID: "acme"),
            event(9, .alias, identity: identified, previousID: "legacy-7"),
            event(10, .track, identity: identified, name: "Order Completed", properties: ["total": 12.5]),
        ]
    }
}
