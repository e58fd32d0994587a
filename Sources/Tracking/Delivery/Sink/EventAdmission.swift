/// What ``DeliverySink`` checks before an event touches the queue: an event that no collector could ever
/// accept is refused with a diagnostic instead of being stored (where it could evict sendable events under
/// the byte cap, or fail every flush), and an app property the SDK's own keys replace is reported.
///
/// The size is a lower bound of the message's JSON: texts and every property set the event carries (an
/// impression's screen context too, since it is stored with the event), strings counted unescaped and the
/// context left out. Cheap enough for the main thread: one walk over the properties, no encoding.
struct EventAdmission {
    // MARK: - Internal

    var limits: WireLimits
    var naming: TrackingWireNaming

    /// Whether `event` may be stored; reports why not, and reports the app properties its message will
    /// leave out.
    func admits(_ event: TrackingEvent, report: (TrackingDiagnostic) -> Void) -> Bool {
        guard WireTimestamp.isRepresentable(event.timestamp) else {
            report(TrackingDiagnostic(
                code: .invalidTimestamp,
                message: "\(event.kind) event has a timestamp that is not finite or not within years 0000 to 9999; refused"
            ))
            return false
        }
        var byteCount = Self.skeletonByteCount
        var isTooDeep = false
        func add(_ text: String?) {
            byteCount += text?.utf8.count ?? 0
        }
        func add(_ properties: TrackingProperties?) {
            guard let properties, !properties.isEmpty else { return }
            let measure = TrackingPropertyMeasure(properties, depthLimit: RecordFormat.maximumValueDepth)
            isTooDeep = isTooDeep || measure.depth > RecordFormat.maximumValueDepth
            byteCount += measure.byteCount - 2
        }
        add(event.eventName?.rawValue)
        add(event.element?.elementType.rawValue)
        add(event.element?.identifier)
        add(event.element?.properties)
        add(event.screen?.screenName.rawValue)
        add(event.screen?.identifier)
        add(event.screen?.properties)
        add(event.identity?.userID)
        add(event.identity?.traits)
        add(event.groupID)
        add(event.previousID)
        add(event.eventProperties)
        guard !isTooDeep else {
            report(TrackingDiagnostic(
                code: .propertiesTooDeep,
                message: "\(event.kind) event has property values nested over \(RecordFormat.maximumValueDepth) levels deep; refused"
            ))
            return false
        }
        guard byteCount <= limits.maximumMessageBytes else {
            report(TrackingDiagnostic(
                code: .messageTooLarge,
                message: "\(event.kind) event is at least \(byteCount) bytes encoded, over the \(limits.maximumMessageBytes)-byte message limit; refused"
            ))
            return false
        }
        for key in WireMessage.shadowedPropertyKeys(of: event, naming: naming) {
            report(TrackingDiagnostic(
                code: .reservedPropertyKey,
                message: "\(event.kind) event has a property named \"\(key)\", a key the SDK adds; the SDK's value is sent, the property is not"
            ))
        }
        return true
    }

    // MARK: - Private

    /// Fewer bytes than the fixed part of any message (`{"type":"identify","messageId":"…","timestamp":"…",
    /// "anonymousId":"…","traits":{},"context":{}}` with its 36-character ids and 24-character timestamp is 187).
    private static let skeletonByteCount = 180
}
