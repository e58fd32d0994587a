/// The on-disk layout of a segment file, version 1.
///
/// A segment starts with an 8-byte header: the magic `SLQS` and the format version (UInt32, little-endian).
/// Records follow, each framed as payload length (UInt32 LE), CRC-32 of the payload (UInt32 LE), payload.
/// A payload starts with its record type. An event record's payload is the type, the event id (16 bytes)
/// and its timestamp (Float64 LE, `Date`'s own seconds since 2001, so that it round-trips bit for bit), then
/// the rest of the event (``EventRecordEncoder``); the fixed prefix lets recovery count events and find their
/// age without decoding them. A context record
/// carries the ``TrackingContext`` (JSON) that the events after it in the segment were recorded with.
enum RecordFormat {
    /// `SLQS`.
    static let magic: [UInt8] = [0x53, 0x4C, 0x51, 0x53]
    /// The only version written so far.
    static let version: UInt32 = 1
    /// Magic and version.
    static let headerSize = 8
    /// Length and checksum.
    static let frameHeaderSize = 8
    /// Larger payloads are treated as corruption: no event comes near it.
    static let maximumPayloadSize = 4 << 20

    /// The deepest nesting of a property value (a scalar is 1, a scalar in an array 2): the sink refuses
    /// deeper events and the decoder deeper records, so neither recursion can exhaust the stack.
    static let maximumValueDepth = 32

    /// The kinds of record.
    enum RecordType: UInt8 {
        /// One ``TrackingEvent``.
        case event = 1
        /// The ``TrackingContext`` of the events that follow.
        case context = 2
    }

    /// Offsets inside an event payload.
    static let eventIDOffset = 1
    static let eventTimestampOffset = 17

    /// The header bytes of a new segment.
    static var header: [UInt8] {
        magic + withUnsafeBytes(of: version.littleEndian) { Array($0) }
    }
}
