import Foundation

/// The read side for the uploader: the events of a sealed segment, and how many are left to send.
extension EventStore {
    // MARK: - Reading

    /// Events not yet acknowledged, open segment included. Reads every sealed segment's ids (no full
    /// decoding), so call it off the main thread and rarely.
    func countUnacknowledgedEvents() -> Int {
        var count = openSegmentEventCount
        for segment in sealedSegments {
            guard let bytes = try? readStoreFile(segment.sequence, .seg) else { continue }
            let acknowledged = acknowledgedIDs(of: segment.sequence)
            _ = SegmentParser.parse(bytes) { payload in
                guard payload.first == RecordFormat.RecordType.event.rawValue,
                      let id = try? EventRecordDecoder.eventID(in: payload), !acknowledged.contains(id) else { return }
                count += 1
            }
        }
        return count
    }

    /// The events of a sealed segment not yet acknowledged, in the order they were appended, each with the
    /// context it was recorded with. Events over the age cap, and records that pass their checksum but do not
    /// decode, are acknowledged as dropped, with a diagnostic.
    func events(in segment: SealedSegment) -> [TrackingEvent] {
        guard isSealed(segment), let bytes = try? readStoreFile(segment.sequence, .seg) else { return [] }
        let acknowledged = acknowledgedIDs(of: segment.sequence)
        let oldest = clock.now().date.addingTimeInterval(-limits.eventAge)
        var events: [TrackingEvent] = []
        var context: TrackingContext?
        var dropped: [UUID] = []
        var tooOld = 0
        var undecodable = 0
        _ = SegmentParser.parse(bytes) { payload in
            switch RecordFormat.RecordType(rawValue: payload.first!) {
            case .context:
                context = try? EventRecordDecoder.context(from: payload)
            case .event:
                guard let id = try? EventRecordDecoder.eventID(in: payload), !acknowledged.contains(id) else { return }
                guard let event = try? EventRecordDecoder.event(from: payload, context: context) else {
                    undecodable += 1
                    dropped.append(id)
                    return
                }
                if event.timestamp < oldest {
                    tooOld += 1
                    dropped.append(id)
                } else {
                    events.append(event)
                }
            case nil:
                undecodable += 1
            }
        }
        if undecodable > 0 {
            report(TrackingDiagnostic(
                code: .storeCorruptTail,
                message: "segment \(segment.sequence): \(undecodable) record(s) passed their checksum but do not decode; dropped"
            ))
        }
        if tooOld > 0 {
            report(TrackingDiagnostic(
                code: .storeCapExceeded,
                message: "dropped \(tooOld) event(s) older than the age cap of \(Int(limits.eventAge)) s"
            ))
        }
        if !dropped.isEmpty {
            acknowledge(dropped, in: segment)
        }
        return events
    }
}
