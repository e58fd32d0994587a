import Foundation

/// The rest of Segment's call set: `group` and `alias`. Like the other explicit calls they are
/// `nonisolated`, go through validation, the ``TrackingConfiguration/beforeSend`` hooks and the sinks in the
/// order of the tracker's calls, and carry the identity, context and session of that order.
@available(iOSApplicationExtension, unavailable)
@available(tvOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(visionOSApplicationExtension, unavailable)
extension Tracker {
    // MARK: - Public

    /// Records that the user belongs to a group (a company, a team, an account): a
    /// ``TrackingEventKind/group`` event, sent as Segment's `group` call with `groupId` and `traits`.
    /// Callable from any thread.
    ///
    /// ```swift
    /// tracker.group("acme-inc", traits: ["name": "Acme", "plan": "enterprise"])
    /// ```
    ///
    /// The group is not remembered: later events do not carry it. A blank group id, or one longer than
    /// ``TrackingConfiguration/maximumNameLength``, drops the event with a diagnostic
    /// (``TrackingDiagnostic/Code/emptyName``, ``TrackingDiagnostic/Code/nameTooLong``): a cut id would
    /// name another group.
    /// - Parameters:
    ///   - groupID: The app's identifier for the group.
    ///   - traits: What is known about the group.
    public nonisolated func group(_ groupID: String, traits: TrackingProperties = [:]) {
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in
                _ = deliverNow(TrackingEvent(
                    timestamp: date, kind: .group, screen: nil, visibleRatio: 0, eventProperties: traits, groupID: groupID
                ))
            }
        }
    }

    /// Merges the user's current id into `newUserID`: an ``TrackingEventKind/alias`` event, sent as
    /// Segment's `alias` call with `previousId` (the user id, or the anonymous id before one) and
    /// `userId`, and every later event carries `newUserID` (persisted, like
    /// ``identify(userID:traits:)-(_,TrackingProperties)``; the traits are kept). Callable from any thread.
    ///
    /// ```swift
    /// tracker.alias("u-42")   // after sign-up: the anonymous history joins u-42
    /// ```
    ///
    /// A blank user id, or one longer than ``TrackingConfiguration/maximumNameLength``, changes nothing and
    /// drops the event with a diagnostic. The new user id is kept even when a hook drops the event.
    /// - Parameter newUserID: The user id from now on.
    public nonisolated func alias(_ newUserID: String) {
        mailbox.submit(readingClock: configuration.clock) { date in
            { [self] in aliasNow(newUserID, at: date) }
        }
    }

    // MARK: - Private

    /// The alias call's delivery: while consent is denied, the new user id is kept (in memory) without any
    /// stamp or hook.
    private nonisolated func aliasNow(_ newUserID: String, at date: Date) {
        let current = identityStore.identity
        let event = TrackingEvent(
            timestamp: date, kind: .alias, screen: nil, visibleRatio: 0,
            previousID: current.userID ?? current.anonymousID.uuidString.lowercased()
        )
        var identity = current
        identity.userID = newUserID
        let allowed = consentGate.allowsRecording
        var bare = event
        bare.identity = identity
        guard let valid = allowed ? prepared(event, identity: identity) : sanitizer.sanitize(bare, report: report) else { return }
        if newUserID != current.userID {
            identityStore.alias(userID: newUserID)
        }
        guard allowed else { return }
        _ = processed(valid).flatMap(send)
    }
}
