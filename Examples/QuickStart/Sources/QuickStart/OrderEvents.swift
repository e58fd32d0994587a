import Foundation
import Tracking

// Snippet: explicit-events
extension TrackingEventName {
    static let orderCompleted: Self = "order_completed"
}

// Snippet end
/// What the app reports as a person buys: identify, the group, the order, a game level, an alias, log-out.
/// - Parameter tracker: The app's tracker.
@MainActor
func recordOrder(with tracker: Tracker) {
    // Snippet: explicit-events
    tracker.identify(traits: ["newsletter": true])                  // traits before log-in: an anonymous identify
    tracker.identify(userID: "u-42", traits: ["plan": "pro"])       // an identify event; later events carry u-42
    tracker.group("acme-inc", traits: ["seats": 12])                 // a group event: u-42 belongs to acme-inc
    tracker.track(.orderCompleted, properties: ["total": 42.5])      // a track event
    tracker.screen("game_level", properties: ["level": 3])           // a screen that is not a view controller
    tracker.alias("u-42-acme")                                       // an alias event; later events carry u-42-acme
    tracker.reset()                                                  // log-out: new anonymous id, no user id
    // Snippet end
}

/// An order with properties taken from variables and nested literals.
/// - Parameter tracker: The app's tracker.
@MainActor
func recordOrderDetails(with tracker: Tracker) {
    // Snippet: rich-properties
    let total = 42.5
    let skus = ["a-1", "b-2"]
    let coupon: String? = nil
    tracker.track(.orderCompleted, properties: ["total": total, "skus": skus, "coupon": coupon, "placed_at": Date()])
    tracker.track(.orderCompleted, properties: ["address": ["zip": 10115, "city": "Berlin"], "gift": nil])
    // Snippet end
}
