import XCTest
@testable import Tracking

/// The recorder on fabricated scans and a manual clock: scenarios 15, 16, 19 and 20 at the state-machine
/// level, plus the policies.
final class EventRecorderTests: XCTestCase {
    private typealias F = RecorderFixtures

    // MARK: - Scenario 15: one impression per visibility span

    func testFullyVisibleElementYieldsExactlyOneImpressionAndASecondAfterLeavingAndReturning() {
        var harness = RecorderHarness()
        let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)])
        let gone = F.scan(screens: [(F.feed, 1)])

        XCTAssertEqual(harness.step(visible), ["screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, visible), [])
        XCTAssertEqual(harness.step(by: 0.25, visible), [])
        XCTAssertEqual(harness.step(by: 0.25, visible), [])
        XCTAssertEqual(harness.step(by: 0.25, visible), ["impression spark_button @feed 1.0"])
        for _ in 0..<20 {
            XCTAssertEqual(harness.step(by: 0.25, visible), [])
        }
        XCTAssertEqual(harness.step(by: 0.25, gone), [])
        XCTAssertEqual(harness.step(by: 0.25, visible), [])
        XCTAssertEqual(harness.step(by: 0.5, visible), [])
        XCTAssertEqual(harness.step(by: 0.5, visible), ["impression spark_button @feed 1.0"])
        XCTAssertEqual(harness.step(by: 5, visible), [])
        XCTAssertEqual(harness.all.count, 3)
    }

    func testImpressionTimestampIsTheMomentItQualified() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 1))
        let visible = F.scan(elements: [(F.spark, nil, 0.8)])
        harness.step(visible)
        harness.step(by: 1.5, visible)
        // Seen at 0 and at 1.5 with nothing in between: it qualified at 1, not at the later scan.
        XCTAssertEqual(harness.all.map(\.timestamp), [Date(timeIntervalSince1970: 1_700_000_001)])
        XCTAssertEqual(harness.all.map(\.summary), ["impression spark_button @- 0.8"])
    }

    // MARK: - Scenario 16: thresholds

    func testFortyNinePercentNeverCountsAtFiftyPercent() {
        var harness = RecorderHarness()
        let almost = F.scan(screens: [(F.feed, 0.49)], elements: [(F.spark, 0, 0.49)])
        for _ in 0..<40 {
            XCTAssertEqual(harness.step(by: 0.25, almost), [])
        }
    }

    func testFiftyPercentForNinetyNineHundredthsOfASecondDoesNotCount() {
        var harness = RecorderHarness()
        let half = F.scan(elements: [(F.spark, nil, 0.5)])
        XCTAssertEqual(harness.step(half), [])
        XCTAssertEqual(harness.step(by: 0.99, half), [])
        XCTAssertEqual(harness.step(by: 0.01, half), ["impression spark_button @- 0.5"])
    }

    func testFiftyPercentForOneSecondCounts() {
        var harness = RecorderHarness()
        let half = F.scan(elements: [(F.spark, nil, 0.5)])
        XCTAssertEqual(harness.step(half), [])
        XCTAssertEqual(harness.step(by: 1.0, half), ["impression spark_button @- 0.5"])
    }

    func testClockStepsThatSumToTheThresholdCountDespiteRounding() {
        var harness = RecorderHarness()
        let visible = F.scan(elements: [(F.spark, nil, 1)])
        harness.step(visible)
        for _ in 0..<9 {
            XCTAssertEqual(harness.step(by: 0.1, visible), [])
        }
        XCTAssertEqual(harness.step(by: 0.1, visible), ["impression spark_button @- 1.0"])
    }

    func testDippingBelowTheRatioRestartsTheDuration() {
        var harness = RecorderHarness()
        let visible = F.scan(elements: [(F.spark, nil, 0.9)])
        let dipped = F.scan(elements: [(F.spark, nil, 0.3)])
        harness.step(visible)
        XCTAssertEqual(harness.step(by: 0.75, visible), [])
        XCTAssertEqual(harness.step(by: 0.25, dipped), [])
        XCTAssertEqual(harness.step(by: 0.25, visible), [])
        XCTAssertEqual(harness.step(by: 0.75, visible), [])
        XCTAssertEqual(harness.step(by: 0.25, visible), ["impression spark_button @- 0.9"])
    }

    func testZeroThresholdsRecordOnTheFirstScan() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleRatio: 0, minimumVisibleDuration: 0))
        let tiny = F.scan(screens: [(F.feed, 0.01)], elements: [(F.spark, 0, 0.01)])
        XCTAssertEqual(harness.step(tiny), ["screen_view feed 0.01", "impression spark_button @feed 0.01"])
        XCTAssertEqual(harness.step(by: 1, tiny), [])
    }

    func testCustomThresholds() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleRatio: 0.8, minimumVisibleDuration: 2))
        let at79 = F.scan(elements: [(F.spark, nil, 0.79)])
        let at80 = F.scan(elements: [(F.spark, nil, 0.8)])
        harness.step(at79)
        XCTAssertEqual(harness.step(by: 3, at79), [])
        XCTAssertEqual(harness.step(by: 0, at80), [])
        XCTAssertEqual(harness.step(by: 1.5, at80), [])
        XCTAssertEqual(harness.step(by: 0.5, at80), ["impression spark_button @- 0.8"])
    }

    // MARK: - Scenario 19: screens

    func testTabSwitchesProduceOneScreenViewEach() {
        var harness = RecorderHarness()
        let feedTab = F.scan(screens: [(F.feed, 1)])
        let profileTab = F.scan(screens: [(F.profile, 1)])
        let settingsTab = F.scan(screens: [(F.settings, 1)])

        XCTAssertEqual(harness.step(feedTab), ["screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, feedTab), [])
        XCTAssertEqual(harness.step(by: 0.25, profileTab), ["screen_ended feed 1.0 500ms", "screen_view profile#u1 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, profileTab), [])
        XCTAssertEqual(harness.step(by: 0.25, settingsTab), ["screen_ended profile#u1 1.0 500ms", "screen_view settings 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, feedTab), ["screen_ended settings 1.0 250ms", "screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, feedTab), [])
        XCTAssertEqual(harness.all.filter { $0.kind == .screenView }.count, 4)
    }

    func testPushMidTransitionAndPopProduceOneScreenViewEach() {
        var harness = RecorderHarness()
        XCTAssertEqual(harness.step(F.scan(screens: [(F.feed, 1)])), ["screen_view feed 1.0"])
        // Mid-animation both are on screen; the pushed screen is counted once it is half visible.
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.detail, 0.3), (F.feed, 0.7)])), [])
        // The feed ends with the ratio of the last scan that saw it at or above the threshold.
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.detail, 0.6), (F.feed, 0.4)])), [
            "screen_ended feed 0.7 500ms", "screen_view detail#p7 0.6",
        ])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.detail, 1)])), [])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.detail, 1)])), [])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.feed, 1)])), ["screen_ended detail#p7 1.0 750ms", "screen_view feed 1.0"])
    }

    func testScreenViewsComeBeforeImpressionsAndBothFollowScanOrder() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        let scan = F.scan(
            screens: [(F.detail, 1), (F.feed, 0.6)],
            elements: [(F.cell("b"), 1, 1), (F.spark, 0, 0.7), (F.cell("a"), 1, 0.5)]
        )
        XCTAssertEqual(harness.step(scan), [
            "screen_view detail#p7 1.0",
            "screen_view feed 0.6",
            "impression feed_cell#b @feed 1.0",
            "impression spark_button @detail 0.7",
            "impression feed_cell#a @feed 0.5",
        ])
    }

    func testElementAttributionFollowsScreenIndexAndToleratesAnOutOfRangeIndex() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        let scan = F.scan(
            screens: [(F.profile, 1)],
            elements: [(F.cell("a"), 0, 1), (F.cell("b"), nil, 1), (F.cell("c"), 7, 1)]
        )
        XCTAssertEqual(harness.step(scan), [
            "screen_view profile#u1 1.0",
            "impression feed_cell#a @profile 1.0",
            "impression feed_cell#b @- 1.0",
            "impression feed_cell#c @- 1.0",
        ])
        XCTAssertEqual(harness.all[1].screen, F.profile)
    }

    func testScreenBelowTheRatioStillGivesItsElementsContextButNoScreenView() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        XCTAssertEqual(harness.step(F.scan(screens: [(F.feed, 0.2)], elements: [(F.spark, 0, 1)])), [
            "impression spark_button @feed 1.0",
        ])
    }

    // MARK: - Scenario 20: identity is the component value

    func testReusedCellWithANewComponentIsANewImpression() {
        var harness = RecorderHarness()
        // One cell view, first showing post a, then reused for post b.
        let showingA = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 1)])
        let showingB = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("b"), 0, 1)])
        harness.step(showingA)
        XCTAssertEqual(harness.step(by: 1, showingA), ["impression feed_cell#a @feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, showingB), [])
        XCTAssertEqual(harness.step(by: 1, showingB), ["impression feed_cell#b @feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, showingA), [])
        XCTAssertEqual(harness.step(by: 1, showingA), ["impression feed_cell#a @feed 1.0"])
    }

    func testSameComponentMovedToAnotherViewIsNotANewImpression() {
        var harness = RecorderHarness()
        // After a reload, the views swap which post they show: same components, other order and ratios.
        let before = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 1), (F.cell("b"), 0, 0.6)])
        let after = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("b"), 0, 1), (F.cell("a"), 0, 0.6)])
        harness.step(before)
        XCTAssertEqual(harness.step(by: 1, before), ["impression feed_cell#a @feed 1.0", "impression feed_cell#b @feed 0.6"])
        for _ in 0..<8 {
            XCTAssertEqual(harness.step(by: 0.25, after), [])
            XCTAssertEqual(harness.step(by: 0.25, before), [])
        }
    }

    func testTwoViewsWithEqualComponentsAreOneElement() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        XCTAssertEqual(harness.step(F.scan(elements: [(F.spark, nil, 0.6), (F.spark, nil, 1)])), [
            "impression spark_button @- 0.6",
        ])
    }

    func testPropertiesArePartOfIdentity() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        let first = TrackingElement(elementType: "banner", properties: ["variant": "a"])
        let second = TrackingElement(elementType: "banner", properties: ["variant": "b"])
        XCTAssertEqual(harness.step(F.scan(elements: [(first, nil, 1)])), ["impression banner @- 1.0"])
        XCTAssertEqual(harness.step(F.scan(elements: [(second, nil, 1)])), ["impression banner @- 1.0"])
        XCTAssertEqual(harness.all.map(\.properties), [["variant": "a"], ["variant": "b"]])
    }

    func testSameElementOnTwoScreensIsTwoElements() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        XCTAssertEqual(harness.step(F.scan(screens: [(F.feed, 1), (F.profile, 1)], elements: [(F.spark, 0, 1), (F.spark, 1, 1)])), [
            "screen_view feed 1.0",
            "screen_view profile#u1 1.0",
            "impression spark_button @feed 1.0",
            "impression spark_button @profile 1.0",
        ])
    }

    // MARK: - Policies and span ends

    func testOncePerScreenViewIgnoresScrollingAwayAndBackButCountsANewScreenView() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0, impressionPolicy: .oncePerScreenView))
        let withCell = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 1)])
        let scrolledAway = F.scan(screens: [(F.feed, 1)])
        XCTAssertEqual(harness.step(withCell), ["screen_view feed 1.0", "impression feed_cell#a @feed 1.0"])
        XCTAssertEqual(harness.step(by: 1, scrolledAway), [])
        XCTAssertEqual(harness.step(by: 1, withCell), [])
        XCTAssertEqual(harness.step(by: 1, F.scan(screens: [(F.profile, 1)])), ["screen_ended feed 1.0 3000ms", "screen_view profile#u1 1.0"])
        XCTAssertEqual(harness.step(by: 1, withCell), [
            "screen_ended profile#u1 1.0 1000ms", "screen_view feed 1.0", "impression feed_cell#a @feed 1.0",
        ])
    }

    func testOncePerScreenViewFallsBackToSpansForElementsWithoutScreen() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0, impressionPolicy: .oncePerScreenView))
        let visible = F.scan(elements: [(F.spark, nil, 1)])
        XCTAssertEqual(harness.step(visible), ["impression spark_button @- 1.0"])
        XCTAssertEqual(harness.step(F.scan()), [])
        XCTAssertEqual(harness.step(visible), ["impression spark_button @- 1.0"])
    }

    func testOncePerTrackerLifetimeSurvivesSpanEnds() {
        var harness = RecorderHarness(EventRecorder.Rules(
            minimumVisibleDuration: 0, impressionPolicy: .oncePerTrackerLifetime, screenViewPolicy: .oncePerTrackerLifetime
        ))
        let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)])
        XCTAssertEqual(harness.step(visible), ["screen_view feed 1.0", "impression spark_button @feed 1.0"])
        XCTAssertEqual(harness.step(by: 1, F.scan()), ["screen_ended feed 1.0 1000ms"])
        XCTAssertEqual(harness.step(by: 1, visible), [])
        // Each span's time is reported even when its screen view is not.
        XCTAssertEqual(harness.endAllSpans(by: 0.5), ["screen_ended feed 1.0 500ms"])
        XCTAssertEqual(harness.step(by: 1, visible), [])
        XCTAssertEqual(harness.step(by: 1, F.scan(screens: [(F.profile, 1)], elements: [(F.spark, 0, 1)])), [
            "screen_ended feed 1.0 1000ms", "screen_view profile#u1 1.0", "impression spark_button @profile 1.0",
        ])
    }

    func testEndAllSpansStartsNewSpans() {
        var harness = RecorderHarness()
        let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.spark, 0, 1)])
        XCTAssertEqual(harness.step(visible), ["screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.5, visible), [])
        XCTAssertEqual(harness.endAllSpans(), ["screen_ended feed 1.0 500ms"])
        // The half second before the span ended does not count towards the new one.
        XCTAssertEqual(harness.step(by: 0.5, visible), ["screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.5, visible), [])
        XCTAssertEqual(harness.step(by: 0.5, visible), ["impression spark_button @feed 1.0"])
    }

    func testAnEmptyScanEndsEverySpan() {
        var harness = RecorderHarness(EventRecorder.Rules(minimumVisibleDuration: 0))
        let visible = F.scan(screens: [(F.feed, 1)], elements: [(F.cell("a"), 0, 1), (F.cell("b"), 0, 1)])
        XCTAssertEqual(harness.step(visible).count, 3)
        XCTAssertEqual(harness.step(F.scan()), ["screen_ended feed 1.0 0ms"])
        XCTAssertEqual(harness.step(visible).count, 3)
        XCTAssertEqual(Set(harness.all.map(\.id)).count, 7)
    }

    // MARK: - Scenario 34: screen time

    func testAScreensEndCarriesTheTimeFromTheScanThatStartedItsSpanToTheScanThatEndedIt() {
        var harness = RecorderHarness()
        XCTAssertEqual(harness.step(by: 5, F.scan(screens: [(F.feed, 1)])), ["screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.feed, 0.8)])), [])
        // Below the ratio threshold is not visible: the span ends, with the last ratio that counted.
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.feed, 0.3)])), ["screen_ended feed 0.8 500ms"])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.feed, 0.3)])), [])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.feed, 1)])), ["screen_view feed 1.0"])
        let end = harness.all[1]
        XCTAssertEqual(end.kind, .screenEnded)
        XCTAssertEqual(end.screen, F.feed)
        XCTAssertEqual(end.visibleDuration, 0.5)
        XCTAssertEqual(end.timestamp, Date(timeIntervalSince1970: 1_700_000_000).addingTimeInterval(5.5))
        XCTAssertNil(harness.all[0].visibleDuration, "only ends carry a duration")
    }

    func testAScanThatKeepsUnseenSpansEndsNoScreen() {
        var harness = RecorderHarness()
        var events: [TrackingEvent] = []
        XCTAssertEqual(harness.step(F.scan(screens: [(F.feed, 1)])), ["screen_view feed 1.0"])
        harness.clock.advance(by: 0.25)
        harness.recorder.record(F.scan(), at: harness.clock.now(), into: &events, keepingUnseenSpans: true)
        XCTAssertEqual(events, [])
        XCTAssertEqual(harness.step(by: 0.25, F.scan(screens: [(F.detail, 1)])), ["screen_ended feed 1.0 500ms", "screen_view detail#p7 1.0"])
    }

    func testAClockSteppingBackwardsGivesZeroNeverANegativeTime() {
        var recorder = EventRecorder(rules: EventRecorder.Rules())
        var events: [TrackingEvent] = []
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        recorder.record(F.scan(screens: [(F.feed, 1)]), at: TrackingInstant(uptime: 100, date: date), into: &events)
        recorder.record(F.scan(), at: TrackingInstant(uptime: 40, date: date), into: &events)
        recorder.record(F.scan(screens: [(F.feed, 1)]), at: TrackingInstant(uptime: 50, date: date), into: &events)
        recorder.endAllSpans(at: TrackingInstant(uptime: .nan, date: date), into: &events)
        XCTAssertEqual(events.map(\.summary), [
            "screen_view feed 1.0", "screen_ended feed 1.0 0ms", "screen_view feed 1.0", "screen_ended feed 1.0 0ms",
        ])
    }

    func testTurnedOffNoScreenEndIsRecordedAndSpansStillEnd() {
        var harness = RecorderHarness(EventRecorder.Rules(recordsScreenEnded: false))
        XCTAssertEqual(harness.step(F.scan(screens: [(F.feed, 1)])), ["screen_view feed 1.0"])
        XCTAssertEqual(harness.step(by: 1, F.scan(screens: [(F.profile, 1)])), ["screen_view profile#u1 1.0"])
        XCTAssertEqual(harness.endAllSpans(by: 1), [])
        XCTAssertEqual(harness.step(by: 1, F.scan(screens: [(F.profile, 1)])), ["screen_view profile#u1 1.0"])
    }

    func testTimeWhileTheAppIsInactiveIsTakenOutOfTheSpanWithoutEndingIt() {
        var harness = RecorderHarness()
        let feed = F.scan(screens: [(F.feed, 1)])
        XCTAssertEqual(harness.step(feed), ["screen_view feed 1.0"])
        harness.clock.advance(by: 1)
        harness.recorder.setApplicationActive(false, at: harness.clock.now())
        // Scans go on while inactive (a system alert over the screen): the span goes on, its time does not.
        XCTAssertEqual(harness.step(by: 3, feed), [])
        harness.recorder.setApplicationActive(false, at: harness.clock.now())
        harness.clock.advance(by: 1)
        harness.recorder.setApplicationActive(true, at: harness.clock.now())
        harness.recorder.setApplicationActive(true, at: harness.clock.now())
        XCTAssertEqual(harness.step(by: 0.5, F.scan(screens: [(F.profile, 1)])), ["screen_ended feed 1.0 1500ms", "screen_view profile#u1 1.0"])
        // A span that starts while inactive counts from the activation.
        harness.recorder.setApplicationActive(false, at: harness.clock.now())
        XCTAssertEqual(harness.step(by: 1, F.scan(screens: [(F.profile, 1), (F.settings, 1)])), ["screen_view settings 1.0"])
        harness.clock.advance(by: 2)
        harness.recorder.setApplicationActive(true, at: harness.clock.now())
        XCTAssertEqual(harness.endAllSpans(by: 0.25), ["screen_ended profile#u1 1.0 250ms", "screen_ended settings 1.0 250ms"])
    }
}
