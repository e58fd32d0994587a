import XCTest
@testable import Tracking

/// The recorder's engagement on fabricated scans and a manual clock: exposures under the policies and during
/// transitions, `elements_viewed`, and the scroll depths it keeps.
final class EngagementRecorderTests: XCTestCase {
    private typealias F = RecorderFixtures

    func testUnderTheLifetimePolicyASpanThatQualifiedSendsItsExposureButCountsNoImpression() {
        var harness = RecorderHarness(EventRecorder.Rules(impressionPolicy: .oncePerTrackerLifetime, reportsElementExposure: true))
        let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 0.8)])
        let gone = F.scan(screens: [(F.feed, 1)])
        harness.step(visible)
        XCTAssertEqual(harness.step(by: 1, visible), ["impression feed_cell#a @feed 0.8"])
        XCTAssertEqual(harness.step(by: 1, gone), ["exposure feed_cell#a @feed 0.8 2000ms"])
        // Seen again: no second impression under the policy, but the time is still time on the element.
        harness.step(by: 1, visible)
        XCTAssertEqual(harness.step(by: 1.5, visible), [])
        XCTAssertEqual(harness.step(by: 0.5, gone), ["exposure feed_cell#a @feed 0.8 2000ms"])
        let end = harness.endAllSpans(by: 1)
        XCTAssertEqual(end, ["screen_ended feed 1.0 6000ms"])
        XCTAssertEqual(harness.all.last?.elementsViewed, 1)
        XCTAssertNil(harness.all.last?.scrollDepth)
    }

    func testAScanThatKeepsUnseenSpansEndsNoExposure() {
        var harness = RecorderHarness(EventRecorder.Rules(reportsElementExposure: true))
        let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 1)])
        harness.step(visible)
        harness.step(by: 1, visible)
        var events: [TrackingEvent] = []
        harness.clock.advance(by: 0.5)
        harness.recorder.record(F.scan(), at: harness.clock.now(), into: &events, keepingUnseenSpans: true)
        XCTAssertEqual(events, [])
        XCTAssertEqual(harness.step(by: 0.5, F.scan(screens: [(F.feed, 1)])), ["exposure feed_cell#a @feed 1.0 2000ms"])
    }

    func testTheSpanKeepsItsDeepestValidScrollDepthAndANewSpanStartsAfresh() {
        var harness = RecorderHarness()
        let visible = F.scan(screens: [(F.feed, 1)])
        // Before any span: nothing to keep it in.
        harness.recorder.noteScrollDepth(0.9, for: F.feed)
        harness.step(visible)
        for depth in [0.3, 0.7, 0.5, .nan, -1, 2, .infinity] {
            harness.recorder.noteScrollDepth(depth, for: F.feed)
        }
        harness.recorder.noteScrollDepth(1, for: F.profile)
        harness.endAllSpans(by: 1)
        harness.step(visible)
        harness.recorder.noteScrollDepth(0.25, for: F.feed)
        harness.endAllSpans(by: 1)
        XCTAssertEqual(harness.all.filter { $0.kind == .screenEnded }.map(\.scrollDepth), [0.7, 0.25])
        XCTAssertEqual(harness.all.filter { $0.kind == .screenEnded }.map(\.elementsViewed), [0, 0])
    }
}
