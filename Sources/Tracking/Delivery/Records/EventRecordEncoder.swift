import Foundation

/// Writes events and contexts as framed records (see ``RecordFormat``) into a reusable byte buffer.
///
/// Hand-written rather than `JSONEncoder`, because it runs on the main thread for every event: a compact
/// binary form costs a few microseconds where JSON costs tens.
struct EventRecordEncoder {
    // MARK: - Internal

    /// The bytes encoded since the last ``removeAll()``.
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(Self.initialCapacity)
    }

    /// Empties the buffer, keeping its storage unless a large event grew it past
    /// ``maximumRetainedCapacity``: one big event must not stay resident for the life of the process.
    mutating func removeAll() {
        if bytes.capacity > Self.maximumRetainedCapacity {
            bytes = []
            bytes.reserveCapacity(Self.initialCapacity)
        } else {
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// The most buffer storage kept between events; every event the sink admits fits far below it.
    static let maximumRetainedCapacity = 64 << 10

    /// Appends one framed context record.
    mutating func appendContext(_ context: TrackingContext) {
        let json = (try? JSONEncoder().encode(context)) ?? Data("{}".utf8)
        frame {
            $0.bytes.append(RecordFormat.RecordType.context.rawValue)
            $0.bytes.append(contentsOf: json)
        }
    }

    /// Appends one framed event record.
    mutating func appendEvent(_ event: TrackingEvent) {
        frame { encoder in
            encoder.bytes.append(RecordFormat.RecordType.event.rawValue)
            encoder.append(event.id)
            encoder.append(event.timestamp.timeIntervalSinceReferenceDate)
            var flags = Flags()
            if event.element != nil { flags.insert(.element) }
            if event.screen != nil { flags.insert(.screen) }
            if event.eventName != nil { flags.insert(.eventName) }
            if event.identity != nil { flags.insert(.identity) }
            if event.context != nil { flags.insert(.context) }
            if event.session != nil { flags.insert(.session) }
            if event.identity?.traits.isEmpty == false { flags.insert(.traits) }
            var more = MoreFlags()
            if event.groupID != nil { more.insert(.groupID) }
            if event.previousID != nil { more.insert(.previousID) }
            if event.visibleDuration != nil { more.insert(.visibleDuration) }
            if !more.isEmpty { flags.insert(.more) }
            encoder.bytes.append(flags.rawValue)
            encoder.append(event.kind.rawValue)
            encoder.append(event.visibleRatio)
            if let element = event.element {
                encoder.append(element.elementType.rawValue)
                encoder.appendOptional(element.identifier)
                encoder.append(element.properties)
            }
            if let screen = event.screen {
                encoder.append(screen.screenName.rawValue)
                encoder.appendOptional(screen.identifier)
                encoder.append(screen.properties)
            }
            if let eventName = event.eventName {
                encoder.append(eventName.rawValue)
            }
            encoder.append(event.eventProperties)
            if let identity = event.identity {
                encoder.append(identity.anonymousID)
                encoder.appendOptional(identity.userID)
            }
            // Added after the version-1 fields, each behind a flag, so that records written before them
            // read as before and readers that predate them stop where they end.
            if let session = event.session {
                encoder.appendVarint(UInt64(bitPattern: session.id))
                encoder.bytes.append(session.isStart ? 1 : 0)
            }
            if flags.contains(.traits), let traits = event.identity?.traits {
                encoder.append(traits)
            }
            if flags.contains(.more) {
                encoder.bytes.append(more.rawValue)
                if let groupID = event.groupID { encoder.append(groupID) }
                if let previousID = event.previousID { encoder.append(previousID) }
                if let duration = event.visibleDuration { encoder.append(duration) }
            }
        }
    }

    /// What an event record holds beyond its fixed fields.
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let element = Flags(rawValue: 1 << 0)
        static let screen = Flags(rawValue: 1 << 1)
        static let eventName = Flags(rawValue: 1 << 2)
        static let identity = Flags(rawValue: 1 << 3)
        /// The event has a context: the last context record before it.
        static let context = Flags(rawValue: 1 << 4)
        /// The event has a session: its id (varint) and start flag (one byte) follow the identity.
        static let session = Flags(rawValue: 1 << 5)
        /// The identity has traits: they follow the session.
        static let traits = Flags(rawValue: 1 << 6)
        /// A ``MoreFlags`` byte follows the traits, then the fields it names.
        static let more = Flags(rawValue: 1 << 7)
    }

    /// The second flag byte (present when ``Flags/more`` is set), for fields rarer than the first byte's.
    struct MoreFlags: OptionSet {
        let rawValue: UInt8
        static let groupID = MoreFlags(rawValue: 1 << 0)
        static let previousID = MoreFlags(rawValue: 1 << 1)
        /// A ``TrackingEvent/visibleDuration`` (Float64 LE) follows the previous id.
        static let visibleDuration = MoreFlags(rawValue: 1 << 2)
    }

    /// Property value tags. Version-1 records written before nested values existed use only the first four.
    enum ValueTag: UInt8 {
        case string = 0, int = 1, double = 2, bool = 3
        /// ``TrackingPropertyValue/null``: no payload.
        case null = 4
        /// ``TrackingPropertyValue/date(_:)``: `Date`'s seconds since 2001 (Float64 LE).
        case date = 5
        /// ``TrackingPropertyValue/array(_:)``: the count (varint), then each value.
        case array = 6
        /// ``TrackingPropertyValue/object(_:)``: the count (varint), then each key and value.
        case object = 7
    }

    // MARK: - Private

    private mutating func frame(_ payload: (inout EventRecordEncoder) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: RecordFormat.frameHeaderSize))
        payload(&self)
        let length = UInt32(bytes.count - start - RecordFormat.frameHeaderSize)
        let checksum = bytes.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[(start + RecordFormat.frameHeaderSize)...]))
        }
        bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: length.littleEndian, toByteOffset: start, as: UInt32.self)
            raw.storeBytes(of: checksum.littleEndian, toByteOffset: start + 4, as: UInt32.self)
        }
    }

    private mutating func append(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ number: Double) {
        withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Length plus one, so that zero means `nil`.
    private mutating func appendOptional(_ text: String?) {
        guard var text else {
            bytes.append(0)
            return
        }
        text.withUTF8 { utf8 in
            appendVarint(UInt64(utf8.count) + 1)
            bytes.append(contentsOf: utf8)
        }
    }

    private static let initialCapacity = 4096

    private mutating func append(_ properties: TrackingProperties) {
        appendVarint(UInt64(properties.count))
        for (key, value) in properties {
            append(key)
            append(value)
        }
    }

    /// Recursive: the sink admits only values nested at most ``RecordFormat/maximumValueDepth`` deep.
    private mutating func append(_ value: TrackingPropertyValue) {
        switch value {
        case .string(let text):
            bytes.append(ValueTag.string.rawValue)
            append(text)
        case .int(let number):
            bytes.append(ValueTag.int.rawValue)
            appendVarint(UInt64(bitPattern: Int64((number << 1) ^ (number >> (Int.bitWidth - 1)))))
        case .double(let number):
            bytes.append(ValueTag.double.rawValue)
            append(number)
        case .bool(let flag):
            bytes.append(ValueTag.bool.rawValue)
            bytes.append(flag ? 1 : 0)
        case .null:
            bytes.append(ValueTag.null.rawValue)
        case .date(let date):
            bytes.append(ValueTag.date.rawValue)
            append(date.timeIntervalSinceReferenceDate)
        case .array(let elements):
            bytes.append(ValueTag.array.rawValue)
            appendVarint(UInt64(elements.count))
            for element in elements { append(element) }
        case .object(let members):
            bytes.append(ValueTag.object.rawValue)
            append(members)
        }
    }
}
