#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The tracker as the app's analytics client, like Segment's `Analytics`: explicit events, screens that are
/// not view controllers, identity.
///
/// Explicit events go through the same validation and the same sinks as scanned ones, in call order, and
/// carry the identity and context current when they were called:
///
/// ```swift
/// tracker.identify(userID: "u-42", traits: ["plan": "pro"])
/// tracker.track(.orderCompleted, properties: ["total": 42.5])
/// tracker.screen("game_level", properties: ["level": 3])
/// tracker.reset() // log-out
/// ```
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Who events are recorded for now: the persisted anonymous id and the user id once identified.
    public var identity: TrackingIdentity { identityStore.identity }

    /// The device and app context stamped on events now.
    public var context: TrackingContext { contextProvider.current }

    /// Records an explicit event (a ``TrackingEventKind/track`` event) and delivers it to the sinks.
    ///
    /// A blank name drops the event with a ``TrackingDiagnostic/Code/emptyName`` diagnostic; long names and
    /// invalid properties are repaired as for scanned events.
    /// - Parameters:
    ///   - name: What happened.
    ///   - properties: Details of what happened.
    public func track(_ name: TrackingEventName, properties: TrackingProperties = [:]) {
        deliver(TrackingEvent(
            timestamp: configuration.clock.now().date, kind: .track, screen: nil, visibleRatio: 0,
            eventName: name, eventProperties: properties
        ))
    }

    /// Records a screen view for a screen that is not a view controller (SwiftUI, a game level) and
    /// delivers it to the sinks.
    ///
    /// The event is a ``TrackingEventKind/screenView`` with visible ratio 1, as a scanned screen view would
    /// be; the scanner does not track it, so each call records one view.
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - properties: The screen's properties.
    public func screen(_ name: TrackingScreenName, properties: TrackingProperties = [:]) {
        deliver(TrackingEvent(
            timestamp: configuration.clock.now().date, kind: .screenView,
            screen: TrackingScreen(screenName: name, properties: properties), visibleRatio: 1
        ))
    }

    /// Identifies the user: later events carry `userID` (persisted until ``reset()``), and an
    /// ``TrackingEventKind/identify`` event with `traits` is delivered to the sinks.
    ///
    /// A blank user id changes nothing and is reported with a ``TrackingDiagnostic/Code/emptyName``
    /// diagnostic; a long one is truncated.
    /// - Parameters:
    ///   - userID: The app's identifier for the user.
    ///   - traits: What is known about the user (plan, locale…).
    public func identify(userID: String, traits: TrackingProperties = [:]) {
        let event = TrackingEvent(
            timestamp: configuration.clock.now().date, kind: .identify, screen: nil, visibleRatio: 0,
            eventProperties: traits
        )
        let identity = TrackingIdentity(anonymousID: identity.anonymousID, userID: userID)
        guard let valid = prepared(event, identity: identity), let validUserID = valid.identity?.userID else { return }
        identityStore.identify(userID: validUserID)
        send(valid)
    }

    /// Logs out: a new anonymous id and no user id, for every later event. Records no event.
    public func reset() {
        identityStore.reset()
    }

    // MARK: - Internal

    /// Stamps `event` with the current identity and context, validates it and hands it to every sink.
    /// - Returns: The event as delivered, or `nil` when validation dropped it.
    @discardableResult
    func deliver(_ event: TrackingEvent) -> TrackingEvent? {
        guard let valid = prepared(event) else { return nil }
        send(valid)
        return valid
    }

    // MARK: - Private

    /// `event` stamped with `identity` (default: the current one) and the current context, and validated;
    /// `nil` when validation dropped it.
    private func prepared(_ event: TrackingEvent, identity: TrackingIdentity? = nil) -> TrackingEvent? {
        var event = event
        event.identity = identity ?? self.identity
        event.context = context
        return sanitizer.sanitize(event, report: report)
    }

    private func send(_ event: TrackingEvent) {
        for sink in sinksAllowedByConsent {
            do {
                try sink.receive(event)
            } catch {
                report(TrackingDiagnostic(
                    code: .sinkFailed,
                    message: "\(type(of: sink)) threw \(TrackingDiagnostic.errorCodes(of: error)) receiving an event of kind \(event.kind); the other sinks received it"
                ))
            }
        }
    }
}
