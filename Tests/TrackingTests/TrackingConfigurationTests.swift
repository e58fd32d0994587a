import XCTest
@testable import Tracking

final class TrackingConfigurationTests: XCTestCase {
    func testDefaults() {
        let configuration = TrackingConfiguration()
        XCTAssertEqual(configuration.scansPerSecond, 4)
        XCTAssertEqual(configuration.scanInterval, 0.25)
        XCTAssertEqual(configuration.minimumVisibleRatio, 0.5)
        XCTAssertEqual(configuration.minimumVisibleDuration, 1)
        XCTAssertEqual(configuration.minimumAlpha, 0.01)
        XCTAssertEqual(configuration.impressionPolicy, .oncePerVisibilitySpan)
        XCTAssertEqual(configuration.screenViewPolicy, .oncePerVisibilitySpan)
        XCTAssertTrue(configuration.recordsScreenEnded)
        XCTAssertEqual(EventRecorder.Rules(configuration), EventRecorder.Rules())
        XCTAssertTrue(configuration.clock is SystemTrackingClock)
        XCTAssertEqual(configuration.maximumNameLength, 256)
        XCTAssertEqual(configuration.maximumPropertyValueLength, 1024)
    }

    func testValidConfigurationIsKeptWithoutDiagnostics() {
        var configuration = TrackingConfiguration()
        configuration.scansPerSecond = 60
        configuration.minimumVisibleRatio = 0
        configuration.minimumVisibleDuration = 0
        configuration.minimumAlpha = 1
        var codes: [TrackingDiagnostic.Code] = []
        let valid = configuration.validated { codes.append($0.code) }
        XCTAssertEqual(codes, [])
        XCTAssertEqual(valid.scansPerSecond, 60)
        XCTAssertEqual(valid.minimumVisibleRatio, 0)
        XCTAssertEqual(valid.minimumVisibleDuration, 0)
        XCTAssertEqual(valid.minimumAlpha, 1)
    }

    func testOutOfRangeValuesAreReplacedWithADiagnosticEach() {
        var configuration = TrackingConfiguration()
        configuration.scansPerSecond = .nan
        configuration.minimumVisibleRatio = 1.5
        configuration.minimumVisibleDuration = -2
        configuration.minimumAlpha = .nan
        configuration.maximumNameLength = 0
        configuration.maximumPropertyValueLength = -1
        var messages: [String] = []
        let valid = configuration.validated { messages.append($0.description) }
        XCTAssertEqual(valid.scansPerSecond, 4)
        XCTAssertEqual(valid.minimumVisibleRatio, 1)
        XCTAssertEqual(valid.minimumVisibleDuration, 0)
        XCTAssertEqual(valid.minimumAlpha, 0.01)
        XCTAssertEqual(valid.maximumNameLength, 256)
        XCTAssertEqual(valid.maximumPropertyValueLength, 1024)
        XCTAssertEqual(messages, [
            "[Tracking] invalid_configuration: scansPerSecond nan is out of range; using 4.0",
            "[Tracking] invalid_configuration: minimumVisibleRatio 1.5 is out of range; using 1.0",
            "[Tracking] invalid_configuration: minimumVisibleDuration -2.0 is out of range; using 0.0",
            "[Tracking] invalid_configuration: minimumAlpha nan is out of range; using 0.01",
            "[Tracking] invalid_configuration: maximumNameLength 0 is out of range; using 256",
            "[Tracking] invalid_configuration: maximumPropertyValueLength -1 is out of range; using 1024",
        ])
    }

    func testTooManyScansPerSecondAndInfiniteDurationAreCapped() {
        var configuration = TrackingConfiguration()
        configuration.scansPerSecond = 1000
        configuration.minimumVisibleDuration = .infinity
        var count = 0
        let valid = configuration.validated { _ in count += 1 }
        XCTAssertEqual(valid.scansPerSecond, 60)
        XCTAssertEqual(valid.minimumVisibleDuration, 1)
        XCTAssertEqual(count, 2)
    }

    // MARK: - Taps

    func testTapDefaults() {
        let configuration = TrackingConfiguration()
        XCTAssertTrue(configuration.capturesTaps)
        XCTAssertEqual(configuration.rageTapCount, 4)
        XCTAssertEqual(configuration.rageTapInterval, 1)
        XCTAssertEqual(configuration.rageTapRadius, 44)
    }

    func testOutOfRangeRageTapRadiiAreReplacedWithADiagnosticEach() {
        var messages: [String] = []
        var configuration = TrackingConfiguration()
        var radii: [Double] = []
        for radius in [10_000, 0.5, 0, -3, .nan, .infinity, 20_000] {
            configuration.rageTapRadius = radius
            radii.append(configuration.validated { messages.append($0.description) }.rageTapRadius)
        }
        XCTAssertEqual(radii, [10_000, 0.5, 44, 44, 44, 10_000, 10_000])
        XCTAssertEqual(messages, [
            "[Tracking] invalid_configuration: rageTapRadius 0.0 is out of range; using 44.0",
            "[Tracking] invalid_configuration: rageTapRadius -3.0 is out of range; using 44.0",
            "[Tracking] invalid_configuration: rageTapRadius nan is out of range; using 44.0",
            "[Tracking] invalid_configuration: rageTapRadius inf is out of range; using 10000.0",
            "[Tracking] invalid_configuration: rageTapRadius 20000.0 is out of range; using 10000.0",
        ])
    }

    func testOutOfRangeDeadTapIntervalsAreReplacedWithADiagnosticEach() {
        var messages: [String] = []
        var configuration = TrackingConfiguration()
        XCTAssertFalse(configuration.capturesDeadTaps)
        var intervals: [Double] = []
        for interval in [0.5, 10, 0, -1, .nan, .infinity, 11] {
            configuration.deadTapInterval = interval
            intervals.append(configuration.validated { messages.append($0.description) }.deadTapInterval)
        }
        XCTAssertEqual(intervals, [0.5, 10, 0.5, 0.5, 0.5, 0.5, 10])
        XCTAssertEqual(messages, [
            "[Tracking] invalid_configuration: deadTapInterval 0.0 is out of range; using 0.5",
            "[Tracking] invalid_configuration: deadTapInterval -1.0 is out of range; using 0.5",
            "[Tracking] invalid_configuration: deadTapInterval nan is out of range; using 0.5",
            "[Tracking] invalid_configuration: deadTapInterval inf is out of range; using 0.5",
            "[Tracking] invalid_configuration: deadTapInterval 11.0 is out of range; using 10.0",
        ])
    }

    func testRageTapValuesInRangeAreKeptWithoutDiagnostics() {
        var configuration = TrackingConfiguration()
        configuration.rageTapCount = 2
        configuration.rageTapInterval = 60
        var codes: [TrackingDiagnostic.Code] = []
        let valid = configuration.validated { codes.append($0.code) }
        XCTAssertEqual(codes, [])
        XCTAssertEqual(valid.rageTapCount, 2)
        XCTAssertEqual(valid.rageTapInterval, 60)
    }

    func testOutOfRangeRageTapValuesAreReplacedWithADiagnosticEach() {
        var messages: [String] = []
        var configuration = TrackingConfiguration()
        configuration.rageTapCount = 1
        configuration.rageTapInterval = .nan
        var valid = configuration.validated { messages.append($0.description) }
        XCTAssertEqual(valid.rageTapCount, 2)
        XCTAssertEqual(valid.rageTapInterval, 1)
        configuration.rageTapCount = 1_000
        configuration.rageTapInterval = 600
        valid = configuration.validated { messages.append($0.description) }
        XCTAssertEqual(valid.rageTapCount, 100)
        XCTAssertEqual(valid.rageTapInterval, 60)
        configuration.rageTapInterval = 0
        valid = configuration.validated { messages.append($0.description) }
        XCTAssertEqual(valid.rageTapInterval, 1)
        configuration.rageTapInterval = -.infinity
        valid = configuration.validated { messages.append($0.description) }
        XCTAssertEqual(valid.rageTapInterval, 1)
        XCTAssertEqual(messages, [
            "[Tracking] invalid_configuration: rageTapCount 1 is out of range; using 2",
            "[Tracking] invalid_configuration: rageTapInterval nan is out of range; using 1.0",
            "[Tracking] invalid_configuration: rageTapCount 1000 is out of range; using 100",
            "[Tracking] invalid_configuration: rageTapInterval 600.0 is out of range; using 60.0",
            "[Tracking] invalid_configuration: rageTapCount 1000 is out of range; using 100",
            "[Tracking] invalid_configuration: rageTapInterval 0.0 is out of range; using 1.0",
            "[Tracking] invalid_configuration: rageTapCount 1000 is out of range; using 100",
            "[Tracking] invalid_configuration: rageTapInterval -inf is out of range; using 1.0",
        ])
    }
}
