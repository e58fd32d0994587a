import XCTest
import Tracking

final class TrackingSinkTests: XCTestCase {
    private static func event(_ name: String) -> TrackingEvent {
        TrackingEvent(timestamp: Date(timeIntervalSince1970: 0), kind: .screenView,
                      screen: TrackingScreen(screenName: TrackingScreenName(rawValue: name)), visibleRatio: 1)
    }

    func testInMemorySinkKeepsEventsInOrderAndForgetsOnRequest() {
        let sink = InMemoryTrackingSink()
        sink.receive(Self.event("a"))
        sink.receive(Self.event("b"))
        XCTAssertEqual(sink.events.map(\.name), ["a", "b"])
        sink.removeAll()
        XCTAssertEqual(sink.events, [])
    }

    func testInMemorySinkIsThreadSafe() {
        let sink = InMemoryTrackingSink()
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            sink.receive(Self.event("e\(index)"))
            _ = sink.events.count
        }
        XCTAssertEqual(Set(sink.events.map(\.name)).count, 1000)
    }

    func testLoggingSinkWritesOneLinePerEvent() {
        let lines = LockedLines()
        let sink = LoggingTrackingSink(write: { lines.append($0) })
        sink.receive(Self.event("feed"))
        LoggingTrackingSink(prefix: "", write: { lines.append($0) }).receive(Self.event("profile"))
        XCTAssertEqual(lines.all, ["[Tracking] screen_view feed ratio=1.0", "screen_view profile ratio=1.0"])
    }

    func testAsyncStreamSinkPublishesEventsInOrderUntilFinished() async throws {
        let sink = AsyncStreamTrackingSink()
        try sink.receive(Self.event("a"))
        try sink.receive(Self.event("b"))
        sink.finish()
        try sink.receive(Self.event("after finish"))
        var names: [String] = []
        for await event in sink.events {
            names.append(event.name)
        }
        XCTAssertEqual(names, ["a", "b"])
    }

    func testAsyncStreamSinkThrowsWhenItsBufferDrops() throws {
        let sink = AsyncStreamTrackingSink(bufferingPolicy: .bufferingNewest(1))
        try sink.receive(Self.event("a"))
        XCTAssertThrowsError(try sink.receive(Self.event("b"))) { error in
            XCTAssertEqual(error as? AsyncStreamTrackingSink.Failure, .bufferFull)
        }
    }
}

/// Lines written by a logging sink, collected thread-safely.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
}
