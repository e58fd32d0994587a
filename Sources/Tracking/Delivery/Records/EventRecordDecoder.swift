import Foundation

/// Reads the payloads ``EventRecordEncoder`` writes. Every read is bounds-checked: a payload that passed its
/// checksum but does not decode (a future version, a bug) throws instead of trapping.
struct EventRecordDecoder {
    // MARK: - Internal

    /// The payload does not decode as a version-1 record.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes an event payload (record type included); `context` is the last context record before it.
    static func event(from payload: ArraySlice<UInt8>, context: TrackingContext?) throws -> TrackingEvent {
        var reader = EventRecordDecoder(bytes: payload)
        guard try reader.byte() == RecordFormat.RecordType.event.rawValue else { throw Malformed(description: "not an event") }
        let id = try reader.uuid()
        let timestamp = Date(timeIntervalSinceReferenceDate: try reader.double())
        let flags = EventRecordEncoder.Flags(rawValue: try reader.byte())
        let kind = TrackingEventKind(rawValue: try reader.string())
        let visibleRatio = try reader.double()
        var event = TrackingEvent(id: id, timestamp: timestamp, kind: kind, screen: nil, visibleRatio: visibleRatio)
        if flags.contains(.element) {
            event.element = TrackingElement(
                elementType: TrackingElementType(rawValue: try reader.string()),
                identifier: try reader.optionalString(),
                properties: try reader.properties()
            )
        }
        if flags.contains(.screen) {
            event.screen = TrackingScreen(
                screenName: TrackingScreenName(rawValue: try reader.string()),
                identifier: try reader.optionalString(),
                properties: try reader.properties()
            )
        }
        if flags.contains(.eventName) {
            event.eventName = TrackingEventName(rawValue: try reader.string())
        }
        event.eventProperties = try reader.properties()
        if flags.contains(.identity) {
            event.identity = TrackingIdentity(anonymousID: try reader.uuid(), userID: try reader.optionalString())
        }
        if flags.contains(.session) {
            event.session = TrackingSession(id: Int64(bitPattern: try reader.varint()), isStart: try reader.byte() != 0)
        }
        if flags.contains(.traits) {
            let traits = try reader.properties()
            event.identity?.traits = traits
        }
        if flags.contains(.more) {
            let more = EventRecordEncoder.MoreFlags(rawValue: try reader.byte())
            if more.contains(.groupID) { event.groupID = try reader.string() }
            if more.contains(.previousID) { event.previousID = try reader.string() }
            if more.contains(.visibleDuration) { event.visibleDuration = try reader.double() }
        }
        if flags.contains(.context) {
            event.context = context
        }
        return event
    }

    /// Decodes a context payload (record type included).
    static func context(from payload: ArraySlice<UInt8>) throws -> TrackingContext {
        try JSONDecoder().decode(TrackingContext.self, from: Data(payload.dropFirst()))
    }

    /// The id of an event payload, read without decoding the rest.
    static func eventID(in payload: ArraySlice<UInt8>) throws -> UUID {
        var reader = EventRecordDecoder(bytes: payload)
        _ = try reader.byte()
        return try reader.uuid()
    }

    /// The timestamp of an event payload, read without decoding the rest.
    static func eventTimestamp(in payload: ArraySlice<UInt8>) throws -> Date {
        var reader = EventRecordDecoder(bytes: payload.dropFirst(RecordFormat.eventTimestampOffset))
        return Date(timeIntervalSinceReferenceDate: try reader.double())
    }

    // MARK: - Private

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    private init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.endIndex - offset else {
            throw Malformed(description: "record ends early at byte \(offset - bytes.startIndex)")
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    private mutating func byte() throws -> UInt8 {
        try take(1).first!
    }

    private mutating func uuid() throws -> UUID {
        UUID(bytes: try take(16))
    }

    private mutating func double() throws -> Double {
        var bits: UInt64 = 0
        for (shift, byte) in try take(8).enumerated() {
            bits |= UInt64(byte) << (8 * UInt64(shift))
        }
        return Double(bitPattern: bits)
    }

    private mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Malformed(description: "varint too long") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    private mutating func length() throws -> Int {
        let value = try varint()
        guard value <= UInt64(RecordFormat.maximumPayloadSize) else { throw Malformed(description: "length \(value)") }
        return Int(value)
    }

    private mutating func string() throws -> String {
        String(decoding: try take(try length()), as: UTF8.self)
    }

    private mutating func optionalString() throws -> String? {
        let stored = try length()
        guard stored > 0 else { return nil }
        return String(decoding: try take(stored - 1), as: UTF8.self)
    }

    private mutating func properties(depth: Int = 1) throws -> TrackingProperties {
        let count = try count()
        var properties = TrackingProperties(minimumCapacity: count)
        for _ in 0..<count {
            let key = try string()
            properties[key] = try value(depth: depth)
        }
        return properties
    }

    /// A count of items that take at least one byte each: a larger one cannot be right, and must not size
    /// an allocation.
    private mutating func count() throws -> Int {
        let count = try length()
        guard count <= bytes.endIndex - offset else { throw Malformed(description: "count \(count) exceeds the record") }
        return count
    }

    /// Recursion is bounded by ``RecordFormat/maximumValueDepth``, so no record can exhaust the stack.
    private mutating func value(depth: Int) throws -> TrackingPropertyValue {
        guard depth <= RecordFormat.maximumValueDepth else { throw Malformed(description: "values nested too deep") }
        switch EventRecordEncoder.ValueTag(rawValue: try byte()) {
        case .string: return .string(try string())
        case .int:
            let zigzag = try varint()
            return .int(Int(truncatingIfNeeded: Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))))
        case .double: return .double(try double())
        case .bool: return .bool(try byte() != 0)
        case .null: return .null
        case .date: return .date(Date(timeIntervalSinceReferenceDate: try double()))
        case .array:
            let count = try count()
            var elements: [TrackingPropertyValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        case .object:
            return .object(try properties(depth: depth + 1))
        case nil: throw Malformed(description: "unknown property value tag")
        }
    }
}
