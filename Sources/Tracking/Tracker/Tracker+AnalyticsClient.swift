#if canImport(UIKit)
import UIKit
#else
import HeadlessUIKit
#endif
import Foundation

/// The tracker as the app's analytics client, like Segment's `Analytics`: explicit events, screens that are
/// not view controllers, identity.
///
/// Explicit events go through the same validation, the same ``TrackingConfiguration/beforeSend`` hooks and
/// the same sinks as scanned ones, and carry the identity and context current when they were called:
///
/// ```swift
/// tracker.identify(userID: "u-42", traits: ["plan": "pro"])
/// tracker.track(.orderCompleted, properties: ["total": 42.5])
/// tracker.screen("game_level", properties: ["level": 3])
/// tracker.reset() // log-out
/// ```
///
/// **Any thread**: these calls are `nonisolated`: call them from the main thread, a background queue or a
/// `URLSession` completion, without `await`. Each takes the tracker's lock only to read the time and take
/// its place in line; then, with no lock held, the event is stamped with the identity and the context (a
/// snapshot UIKit was read for on the main thread), validated, shown to the hooks and handed to every
/// sink, one event at a time, in that line's order. So calls from one thread arrive in the order they
/// were made, calls from several threads in the order they took their place, and timestamps follow that
/// order. When no other thread is delivering, all of this happens on the calling thread before the call
/// returns; when one is, that thread delivers this call's event in turn and the call returns at once. A
/// sink, hook or diagnostic handler may call the tracker (that call's event follows the current one) or
/// wait on a queue that does: nothing waits for a lock a callback holds. The main thread is used only to
/// read UIKit (scans and the context). A call made right after the tracker's creation, before its files are
/// read (off the main thread, about a millisecond), waits for them, then delivers the launch's events
/// before its own.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Who events are recorded for now: the persisted anonymous id and the user id once identified.
    ///
    /// The tracker reads its files off the main thread after it is created; read before they are loaded
    /// (right after `init`), this waits for them, typically about a millisecond. Avoid it on the launch path.
    public nonisolated var identity: TrackingIdentity {
        // The files are read off the main thread at launch; the first read of the identity right after it
        // waits for them (about a millisecond), so that it reports the stored identity and its diagnostics.
        mailbox.waitUntilLoaded()
        return identityStore.identity
    }

    /// The device and app context stamped on events now.
    public nonisolated var context: TrackingContext { contextProvider.current }

    /// Records an explicit event (a ``TrackingEventKind/track`` event) and delivers it to the sinks before
    /// returning (unless another thread is delivering at that moment: that thread delivers it in turn).
    /// Callable from any thread.
    ///
    /// A blank name drops the event with a ``TrackingDiagnostic/Code/emptyName`` diagnostic; long names and
    /// invalid properties are repaired as for scanned events.
    /// - Parameters:
    ///   - name: What happened.
    ///   - properties: Details of what happened.
    public nonisolated func track(_ name: TrackingEventName, properties: TrackingProperties = [:]) {
        record { timestamp in
            TrackingEvent(
                timestamp: timestamp, kind: .track, screen: nil, visibleRatio: 0,
                eventName: name, eventProperties: properties
            )
        }
    }

    /// Records a screen view for a screen that is not a view controller (SwiftUI, a game level) and
    /// delivers it to the sinks before returning (unless another thread is delivering at that moment: that
    /// thread delivers it in turn). Callable from any thread.
    ///
    /// The event is a ``TrackingEventKind/screenView`` with visible ratio 1, as a scanned screen view would
    /// be; the scanner does not track it, so each call records one view.
    /// - Parameters:
    ///   - name: The screen's name.
    ///   - properties: The screen's properties.
    public nonisolated func screen(_ name: TrackingScreenName, properties: TrackingProperties = [:]) {
        record { timestamp in
            TrackingEvent(
                timestamp: timestamp, kind: .screenView,
                screen: TrackingScreen(screenName: name, properties: properties), visibleRatio: 1
            )
        }
    }

    /// Identifies the user: later events carry `userID` and the user's traits (persisted until
    /// ``reset()``), and an ``TrackingEventKind/identify`` event with `traits` is delivered to the sinks.
    /// Callable from any thread.
    ///
    /// The traits are merged over those of earlier identifications (a key given again takes the new
    /// value), as RudderStack's SDKs do, unless `userID` names another user than the identified one: that
    /// user starts with these traits alone. They are kept with the identity (``identity``), bounded to
    /// 4,000 bytes as JSON, and ride on every later event as `context.traits`.
    ///
    /// A blank user id, or one longer than ``TrackingConfiguration/maximumNameLength`` in UTF-8 bytes,
    /// changes nothing and is reported with a diagnostic (``TrackingDiagnostic/Code/emptyName``,
    /// ``TrackingDiagnostic/Code/nameTooLong``), as for ``alias(_:)`` and ``group(_:traits:)-(_,TrackingProperties)``:
    /// a cut id would name another user, whose traits would merge.
    ///
    /// The traits kept are those the ``TrackingConfiguration/beforeSend`` hooks leave in the event's
    /// properties: a hook that removes `eventProperties["email"]` keeps it out of ``identity``, off later
    /// events and out of `identity.json`. A hook that drops the identify event keeps its user id but none of
    /// its traits. While ``consent`` is ``DeliveryConsent/denied`` no hook runs and only the user id is kept
    /// (in memory).
    /// - Parameters:
    ///   - userID: The app's identifier for the user.
    ///   - traits: What is known about the user (plan, locale…): this event's `traits`, and merged into
    ///     ``TrackingIdentity/traits``.
    public nonisolated func identify(userID: String, traits: TrackingProperties = [:]) {
        identify(userID: Optional(userID), traits: traits)
    }

    /// Sends what is known about the person without changing who they are: an
    /// ``TrackingEventKind/identify`` event with `traits` and the current identity, anonymous or not (as
    /// Segment's `identify(traits:)`). The traits are merged into ``TrackingIdentity/traits`` and ride on
    /// later events. Callable from any thread.
    ///
    /// ```swift
    /// tracker.identify(traits: ["newsletter": true])   // before log-in: anonymous traits
    /// ```
    /// - Parameter traits: What is known about the person.
    public nonisolated func identify(traits: TrackingProperties) {
        identify(userID: nil, traits: traits)
    }

    /// Logs out: a new anonymous id, no user id and no traits, for every later event, a new session (the
    /// next event carries `sessionStart`), and every sink is told (see ``TrackingSink/reset()``). Records
    /// no event of its own; called on the main thread, it first ends the visibility spans, so each screen's
    /// ``TrackingEventKind/screenEnded`` goes with the person who saw it (what is still on screen is seen anew
    /// by the next scan, for the new person). Callable from any thread.
    public nonisolated func reset() {
        if Thread.isMainThread {
            MainActor.assumeIsolated { _ = endAllSpansAndDeliver() }
        }
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in
                identityStore.reset()
                sessionStore.start(at: date)
                for sink in sinks {
                    sink.reset()
                }
            }
        }
    }

    // MARK: - Internal

    /// Stamps `event` with the current identity, context and session, validates it, runs the hooks and hands
    /// it to every sink, in the order of the tracker's calls, with no lock held (see ``TrackerMailbox``).
    /// - Returns: The event as delivered, or `nil` when validation, a hook or consent dropped it, or when
    ///   another thread was delivering (it delivers this event in turn).
    @discardableResult
    nonisolated func deliver(_ event: TrackingEvent) -> TrackingEvent? {
        let result = DeliveredEvent()
        let ranHere = mailbox.submit { [self] in
            result.event = deliverNow(event)
        }
        return ranHere ? result.event : nil
    }

    /// Delivers `event` now, as the mailbox's deliverer: unless consent is denied (then nothing is stamped
    /// and no hook sees it), stamps it, validates it, runs the hooks and sends it.
    /// - Returns: The event as delivered, or `nil`.
    nonisolated func deliverNow(_ event: TrackingEvent) -> TrackingEvent? {
        guard consentGate.allowsRecording else { return nil }
        return prepared(event).flatMap(processed).flatMap(send)
    }

    /// Hands `event` to every sink the person's ``consent`` allows, in order: the one point where events
    /// leave the tracker. Called by the mailbox's deliverer, after validation and the
    /// ``TrackingConfiguration/beforeSend`` hooks.
    /// - Returns: `event`, as delivered.
    nonisolated func send(_ event: TrackingEvent) -> TrackingEvent? {
        mailbox.noteDelivered()
        sessionStore.didDeliver(event.session)
        hand(event, to: consentGate.sinks(keeping: event))
        return event
    }

    /// Hands `event` to `sinks`, in order; a sink that throws costs a diagnostic, not the others' copy. A
    /// sink that keeps throwing (an unwritable directory) is reported once, and again with a count after
    /// an hour or once it has taken an event again (see ``LastingConditionReports``).
    nonisolated func hand(_ event: TrackingEvent, to sinks: [any TrackingSink]) {
        for sink in sinks {
            do {
                try sink.receive(event)
                if sinkFailures.isAnyActive { sinkFailures.ended("\(type(of: sink))") }
            } catch {
                sinkFailures.report(TrackingDiagnostic(
                    code: .sinkFailed,
                    message: "\(type(of: sink)) threw \(TrackingDiagnostic.errorCodes(of: error)) receiving an event of kind \(event.kind); the other sinks received it"
                ), key: "\(type(of: sink))")
            }
        }
    }

    /// `event` stamped with `identity` (default: the current one), the current context and session, and
    /// validated; `nil` when validation dropped it.
    nonisolated func prepared(_ event: TrackingEvent, identity: TrackingIdentity? = nil) -> TrackingEvent? {
        var event = event
        event.identity = identity ?? self.identity
        event.context = context
        event.session = sessionStore.stamp(at: event.timestamp)
        return sanitizer.sanitize(event, report: report)
    }

    /// `event` after every ``TrackingConfiguration/beforeSend`` hook, validated again when there are hooks
    /// (cheap for a valid event); `nil` when a hook or the validation dropped it.
    nonisolated func processed(_ event: TrackingEvent) -> TrackingEvent? {
        guard !configuration.beforeSend.isEmpty else { return event }
        var event = event
        for hook in configuration.beforeSend {
            guard let next = hook(event) else { return nil }
            event = next
        }
        return sanitizer.sanitize(event, report: report)
    }

    /// Records the ``TrackingEventKind/track`` event `decide` names, if any, with the time of this call, then
    /// runs what `decide` returns with it: `decide` runs when the call is delivered, off the main thread at
    /// launch (the lifecycle's install or update, read from the version file).
    nonisolated func track(
        deciding decide: @escaping @Sendable () -> (event: (TrackingEventName, TrackingProperties)?, afterwards: () -> Void)
    ) {
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in
                let decided = decide()
                if let (name, properties) = decided.event {
                    _ = deliverNow(TrackingEvent(
                        timestamp: date, kind: .track, screen: nil, visibleRatio: 0,
                        eventName: name, eventProperties: properties
                    ))
                }
                decided.afterwards()
            }
        }
    }

    // MARK: - Private

    /// Delivers the event `make` builds with the time of the call, read as the call is ordered, so that
    /// timestamps follow delivery order.
    private nonisolated func record(_ make: @escaping (Date) -> TrackingEvent) {
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in _ = deliverNow(make(date)) }
        }
    }

    private nonisolated func identify(userID: String?, traits: TrackingProperties) {
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in identifyNow(userID: userID, traits: traits, at: date) }
        }
    }

    /// The identify call's delivery. While consent is denied only the user id is kept (in memory), and no
    /// hook sees the traits. Otherwise the traits kept with the identity are those the hooks leave in the
    /// event's properties (none when a hook drops the event; the user id is kept all the same).
    private nonisolated func identifyNow(userID: String?, traits: TrackingProperties, at date: Date) {
        let current = identityStore.identity
        let event = TrackingEvent(
            timestamp: date, kind: .identify, screen: nil, visibleRatio: 0, eventProperties: traits
        )
        let identity = TrackingIdentity(anonymousID: current.anonymousID, userID: userID ?? current.userID, traits: current.traits)
        guard consentGate.allowsRecording else {
            // Consent denied: nothing is stamped and no hook runs; only the user id is kept, in memory.
            var bare = TrackingEvent(timestamp: date, kind: .identify, screen: nil, visibleRatio: 0)
            bare.identity = identity
            if userID != nil, let valid = sanitizer.sanitize(bare, report: report) {
                identityStore.identify(userID: valid.identity?.userID, traits: [:])
            }
            return
        }
        guard let valid = prepared(event, identity: identity) else { return }
        let kept = processed(valid)
        let stored = identityStore.identify(
            userID: valid.identity?.userID, traits: kept?.eventProperties ?? [:],
            bounded: { traits, note in sanitizer.bounded(traits: traits, report: note) }
        )
        guard var delivered = kept else { return }
        delivered.identity = stored
        _ = send(delivered)
    }
}

/// The event a ticket delivered, read back by the thread that submitted it when it ran there.
private final class DeliveredEvent: @unchecked Sendable {
    var event: TrackingEvent?
}
