import Tracking

// README snippet: explicit-events
extension TrackingEventName {
    static let orderCompleted: Self = "order_completed"
}

// README snippet end
/// What the app reports as a person buys: identify, the order, a game level, log-out.
/// - Parameter tracker: The app's tracker.
@MainActor
func recordOrder(with tracker: Tracker) {
    // README snippet: explicit-events
    tracker.identify(userID: "u-42", traits: ["plan": "pro"])       // an identify event; later events carry u-42
    tracker.track(.orderCompleted, properties: ["total": 42.5])      // a track event
    tracker.screen("game_level", properties: ["level": 3])           // a screen that is not a view controller
    tracker.reset()                                                  // log-out: new anonymous id, no user id
    // README snippet end
}
