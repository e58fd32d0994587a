import Foundation

/// When an ``EventStore`` seals its open segment, and how much it keeps.
struct EventStoreLimits: Sendable {
    /// Seal after this many events.
    var segmentEventCount: Int
    /// Seal once the segment reaches this many bytes.
    var segmentByteCount: Int
    /// Seal a segment this old at the next append.
    var segmentAge: TimeInterval
    /// Above this total, the oldest segments are dropped.
    var storedByteCount: Int
    /// Events older than this are dropped.
    var eventAge: TimeInterval
}
