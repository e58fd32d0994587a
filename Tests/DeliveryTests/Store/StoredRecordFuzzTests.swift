import XCTest
@testable import Tracking
import TestSupport

/// Issue 21: no stored record can crash a flush. Seeded random and mutated records (random bytes with valid
/// framing and checksum, random field values including NaN, infinite and huge numbers, huge strings, deep
/// nesting) are written as sealed segments and drained through the real store and batch source: nothing
/// traps, every sendable event is delivered, and each one dropped is accounted for by a diagnostic.
final class StoredRecordFuzzTests: XCTestCase {
    private static let segmentCount = 40
    private static let recordsPerSegment = 25

    func testNoStoredRecordCanCrashAFlush() async throws {
        let fixture = StoreFixture()
        let limits = EventStoreLimits(segmentEventCount: 1000, segmentByteCount: 64 << 20, segmentAge: 3600,
                                      storedByteCount: 1 << 30, eventAge: 1e12)
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        var fuzzer = RecordFuzzer(random: SplitMix64(seed: 21), now: fixture.clock.now().date)
        var expected = Expectation()
        let oldest = fixture.clock.now().date.addingTimeInterval(-limits.eventAge)
        for sequence in 1...UInt64(Self.segmentCount) {
            var file = RecordFormat.header
            var context: TrackingContext?
            // A current first event: the age cap never drops the whole segment unread.
            var records = [fuzzer.framed(event: fuzzer.event(timestamp: fixture.clock.now().date))]
            for _ in 1..<Self.recordsPerSegment { records.append(fuzzer.record()) }
            for record in records {
                file += record
                let payload = record.dropFirst(RecordFormat.frameHeaderSize)
                expected.classify(payload, context: &context, oldest: oldest)
            }
            try Data(file).write(to: fixture.directory.appendingPathComponent(SegmentNaming.name(sequence, .seg)))
        }
        XCTAssertGreaterThan(expected.delivered.count, 100)
        XCTAssertGreaterThan(expected.undecodable, 10)
        XCTAssertGreaterThan(expected.notSendable, 10)
        XCTAssertGreaterThan(expected.tooLarge, 2)

        let store = fixture.open(limits)
        let source = StoreBatchSource(store: store, naming: TrackingWireNaming(), limits: WireLimits(), counters: DeliveryCounters(),
                                      isUploadAllowed: { true }, report: fixture.log.handler)
        var delivered: Set<String> = []
        for _ in 0..<10_000 {
            guard let batch = await source.nextBatch() else { break }
            XCTAssertTrue(delivered.isDisjoint(with: batch.messageIds))
            delivered.formUnion(batch.messageIds)
            _ = String(decoding: batch.body(sentAt: fixture.clock.now().date), as: UTF8.self)
            _ = await source.complete(BatchDeliveryReport(delivered: batch.messageIds, outcomes: [.delivered]))
        }
        XCTAssertEqual(delivered, expected.delivered)
        XCTAssertEqual(store.countUnacknowledgedEvents(), 0, "nothing is left to fail the next flush")
        let codes = fixture.log.codes
        XCTAssertEqual(codes.filter { $0 == .eventNotSendable }.count, expected.notSendable)
        XCTAssertEqual(codes.filter { $0 == .messageTooLarge }.count, expected.tooLarge)
        XCTAssertEqual(codes.contains(.storeCorruptTail), expected.undecodable > 0)
        XCTAssertEqual(codes.contains(.storeCapExceeded), expected.tooOld > 0)
    }
}

/// What the flush must do with each record, decided with the decoder and the wire types directly.
private struct Expectation {
    var delivered: Set<String> = []
    var undecodable = 0
    var tooOld = 0
    var notSendable = 0
    var tooLarge = 0

    mutating func classify(_ payload: ArraySlice<UInt8>, context: inout TrackingContext?, oldest: Date) {
        switch RecordFormat.RecordType(rawValue: payload.first!) {
        case .context:
            context = try? EventRecordDecoder.context(from: payload)
        case .event:
            guard (try? EventRecordDecoder.eventID(in: payload)) != nil else { return }
            guard let event = try? EventRecordDecoder.event(from: payload, context: context) else { return undecodable += 1 }
            if event.timestamp < oldest { return tooOld += 1 }
            guard let message = WireMessage(event: event, naming: TrackingWireNaming())?.encoded() else { return notSendable += 1 }
            guard WireBatchBuilder().admits(message, diagnostics: { _ in }) else { return tooLarge += 1 }
            delivered.insert(message.messageId)
        case nil:
            undecodable += 1
        }
    }
}

/// Seeded records: well-formed events with hostile values, the same with bytes flipped, and random bytes,
/// each framed with a correct length and checksum.
private struct RecordFuzzer {
    var random: SplitMix64
    let now: Date

    mutating func record() -> [UInt8] {
        switch random.next() % 10 {
        case 0: return frame([RecordFormat.RecordType.context.rawValue] + randomBytes(0...40))
        case 1: return framedContext()
        case 2, 3: return frame(randomBytes(1...200, first: random.chance(0.8) ? RecordFormat.RecordType.event.rawValue : nil))
        case 4, 5: return mutated(framed(event: event(timestamp: timestamp())))
        default: return framed(event: event(timestamp: timestamp()))
        }
    }

    mutating func framed(event: TrackingEvent) -> [UInt8] {
        var encoder = EventRecordEncoder()
        encoder.appendEvent(event)
        return encoder.bytes
    }

    mutating func event(timestamp: Date) -> TrackingEvent {
        let kinds: [TrackingEventKind] = [.screenView, .impression, .track, .identify, "tap", ""]
        var event = TrackingEvent(timestamp: timestamp, kind: random.pick(kinds), screen: nil, visibleRatio: number())
        if random.chance(0.6) {
            event.element = TrackingElement(elementType: TrackingElementType(rawValue: text()),
                                            identifier: random.chance(0.5) ? text() : nil, properties: properties(depth: 1))
        }
        if random.chance(0.6) {
            event.screen = TrackingScreen(screenName: TrackingScreenName(rawValue: text()),
                                          identifier: random.chance(0.5) ? text() : nil, properties: properties(depth: 1))
        }
        if random.chance(0.5) { event.eventName = TrackingEventName(rawValue: text()) }
        event.eventProperties = properties(depth: 1)
        if random.chance(0.9) {
            event.identity = TrackingIdentity(anonymousID: UUID(), userID: random.chance(0.5) ? text() : nil)
        }
        if random.chance(0.3) { event.context = .sample }
        return event
    }

    // MARK: - Private

    private mutating func timestamp() -> Date {
        guard random.chance(0.4) else { return now.addingTimeInterval(Double(random.next() % 1_000_000) - 500_000) }
        return Date(timeIntervalSinceReferenceDate: number())
    }

    private mutating func number() -> Double {
        let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude,
                                 -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0, -0.0, 9.3e18, -9.3e18]
        switch random.next() % 4 {
        case 0: return random.pick(hostile)
        case 1: return Double(bitPattern: random.next())
        default: return Double(Int64(bitPattern: random.next()) % 1_000_000) / 1000
        }
    }

    private mutating func text() -> String {
        if random.chance(0.02) { return String(repeating: "x", count: 20_000 + Int(random.next() % 30_000)) }
        let characters: [Character] = ["a", "Z", "é", "😀", "\"", "\\", "\n", "\u{0}", "\u{1F}", " "]
        return String((0..<Int(random.next() % 12)).map { _ in random.pick(characters) })
    }

    private mutating func properties(depth: Int) -> TrackingProperties {
        var properties: TrackingProperties = [:]
        for _ in 0..<Int(random.next() % 5) { properties[text()] = value(depth: depth) }
        return properties
    }

    private mutating func value(depth: Int) -> TrackingPropertyValue {
        if depth == 1, random.chance(0.03) {
            // A chain around the format's depth limit: some decode, some must be refused.
            var chain: TrackingPropertyValue = .int(1)
            for _ in 1..<(RecordFormat.maximumValueDepth - 3 + Int(random.next() % 7)) {
                chain = random.chance(0.5) ? .array([chain]) : .object(["k": chain])
            }
            return chain
        }
        switch random.next() % (depth < 4 ? 9 : 7) {
        case 0: return .string(text())
        case 1: return .int(Int(truncatingIfNeeded: random.next()))
        case 2: return .double(number())
        case 3: return .bool(random.chance(0.5))
        case 4: return .null
        case 5: return .date(Date(timeIntervalSinceReferenceDate: number()))
        case 6: return .double(number())
        case 7: return .array((0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1) })
        default: return .object(properties(depth: depth + 1))
        }
    }

    private mutating func framedContext() -> [UInt8] {
        var encoder = EventRecordEncoder()
        encoder.appendContext(.sample)
        return encoder.bytes
    }

    /// `framed` with 1 to 4 payload bytes replaced, checksum recomputed, so the parser accepts it.
    private mutating func mutated(_ framed: [UInt8]) -> [UInt8] {
        var payload = Array(framed.dropFirst(RecordFormat.frameHeaderSize))
        for _ in 0..<(1 + Int(random.next() % 4)) {
            payload[Int(random.next() % UInt64(payload.count))] = UInt8(truncatingIfNeeded: random.next())
        }
        if payload[0] != RecordFormat.RecordType.event.rawValue, random.chance(0.8) {
            payload[0] = RecordFormat.RecordType.event.rawValue
        }
        return frame(payload)
    }

    private mutating func randomBytes(_ count: ClosedRange<Int>, first: UInt8? = nil) -> [UInt8] {
        var bytes = (0..<Int.random(in: count, using: &random)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        if let first {
            if bytes.isEmpty { bytes.append(first) } else { bytes[0] = first }
        }
        return bytes
    }

    private func frame(_ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count).littleEndian
        let checksum = CRC32.checksum(payload).littleEndian
        return withUnsafeBytes(of: length) { Array($0) } + withUnsafeBytes(of: checksum) { Array($0) } + payload
    }
}
