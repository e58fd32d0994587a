import Foundation

/// A sealed segment of an ``EventStore``, as the read side sees it: immutable, oldest first by sequence.
struct SealedSegment: Hashable, Sendable {
    /// The segment's place in its store's order (larger is newer).
    var sequence: UInt64
    /// Valid event records in the file (acknowledged ones included).
    var eventCount: Int
    /// The file's size in bytes.
    var byteCount: Int
    /// The newest event's timestamp, for the age cap.
    var newestTimestamp: Date?
}
