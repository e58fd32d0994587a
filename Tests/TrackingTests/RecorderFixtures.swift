import Foundation
@testable import Tracking

/// Fabricated scans and a compact event notation for recorder-level tests.
enum RecorderFixtures {
    static let feed = TrackingScreen(screenName: "feed")
    static let profile = TrackingScreen(screenName: "profile", identifier: "u1")
    static let settings = TrackingScreen(screenName: "settings")
    static let detail = TrackingScreen(screenName: "detail", identifier: "p7")

    static func cell(_ id: String) -> TrackingElement {
        TrackingElement(elementType: "feed_cell", identifier: id)
    }

    static let spark = TrackingElement(elementType: "spark_button")

    /// A scan result: screens with ratios, then elements with their screen index and ratio.
    static func scan(
        screens: [(TrackingScreen, Double)] = [],
        elements: [(TrackingElement, Int?, Double)] = []
    ) -> ScanResult {
        var result = ScanResult()
        result.screens = screens.map { VisibleScreen(screen: $0.0, visibleRatio: $0.1) }
        result.elements = elements.map { VisibleElement(element: $0.0, screenIndex: $0.1, visibleRatio: $0.2) }
        result.viewsVisited = screens.count + elements.count
        return result
    }
}

extension TrackingEvent {
    /// `screen_view feed 1.0`, `impression feed_cell#a @feed 0.75`, `screen_ended feed 1.0 3000ms`: kind,
    /// subject, context, ratio, and the visible time in whole milliseconds when there is one.
    var summary: String {
        var text = "\(kind) \(name)"
        if let identifier { text += "#\(identifier)" }
        if element != nil { text += " @\(screen.map { $0.screenName.rawValue } ?? "-")" }
        text += " \(visibleRatio)"
        if let visibleDuration {
            text += visibleDuration.isFinite ? " \(Int((visibleDuration * 1000).rounded()))ms" : " \(visibleDuration)ms"
        }
        return text
    }
}

/// A recorder fed by a manual clock: `step(by:_:)` advances, scans, and returns the events' summaries.
struct RecorderHarness {
    let clock = ManualTrackingClock()
    var recorder: EventRecorder
    private(set) var all: [TrackingEvent] = []

    init(_ rules: EventRecorder.Rules = EventRecorder.Rules()) {
        recorder = EventRecorder(rules: rules)
    }

    @discardableResult
    mutating func step(by seconds: TimeInterval = 0, _ scan: ScanResult) -> [String] {
        clock.advance(by: seconds)
        var events: [TrackingEvent] = []
        recorder.record(scan, at: clock.now(), into: &events)
        all += events
        return events.map(\.summary)
    }

    /// Advances, ends every span (stop, background), and returns the events' summaries.
    @discardableResult
    mutating func endAllSpans(by seconds: TimeInterval = 0) -> [String] {
        clock.advance(by: seconds)
        var events: [TrackingEvent] = []
        recorder.endAllSpans(at: clock.now(), into: &events)
        all += events
        return events.map(\.summary)
    }
}
