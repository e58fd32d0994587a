/// Turns successive scans into screen views and impressions: a pure state machine over (scan, instant)
/// pairs, with no UIKit, no timers and no side effects, so every threshold and policy is testable on
/// fabricated ``ScanResult``s and a manual clock.
///
/// A *visibility span* of a screen or element starts at the first scan that sees it at or above the ratio
/// threshold and ends at the first scan that does not (or at ``endAllSpans()``: stop, background).
/// Identity is the component value, never the view, so cell reuse and view moves need no special case.
struct EventRecorder {
    // MARK: - Internal

    /// The parts of ``TrackingConfiguration`` that decide what gets recorded.
    struct Rules: Equatable {
        var minimumVisibleRatio: Double
        var minimumVisibleDuration: Double
        var impressionPolicy: TrackingImpressionPolicy
        var screenViewPolicy: TrackingScreenViewPolicy

        init(
            minimumVisibleRatio: Double = 0.5,
            minimumVisibleDuration: Double = 1,
            impressionPolicy: TrackingImpressionPolicy = .oncePerVisibilitySpan,
            screenViewPolicy: TrackingScreenViewPolicy = .oncePerVisibilitySpan
        ) {
            self.minimumVisibleRatio = minimumVisibleRatio
            self.minimumVisibleDuration = minimumVisibleDuration
            self.impressionPolicy = impressionPolicy
            self.screenViewPolicy = screenViewPolicy
        }

        init(_ configuration: TrackingConfiguration) {
            self.init(
                minimumVisibleRatio: configuration.minimumVisibleRatio,
                minimumVisibleDuration: configuration.minimumVisibleDuration,
                impressionPolicy: configuration.impressionPolicy,
                screenViewPolicy: configuration.screenViewPolicy
            )
        }
    }

    let rules: Rules

    init(rules: Rules) {
        self.rules = rules
    }

    /// Feeds one scan taken at `instant` and appends the events it completes to `events`: screen views
    /// first, then impressions, each in scan order.
    ///
    /// With `keepingUnseenSpans`, the scan ends no span: what it sees starts or continues spans as usual, and
    /// what it does not see keeps its span state unchanged (start, recorded or not) for the next scan to
    /// judge. The tracker passes it while a view-controller transition is in flight in a window whose
    /// contribution it left out, since the spans of that window's screens and elements must neither end
    /// nor restart because of it.
    mutating func record(
        _ scan: ScanResult, at instant: TrackingInstant, into events: inout [TrackingEvent],
        keepingUnseenSpans: Bool = false
    ) {
        generation &+= 1
        let now = instant.uptime
        var liveScreens = 0
        var liveElements = 0

        for visible in scan.screens where visible.visibleRatio >= rules.minimumVisibleRatio {
            let key = visible.screen
            if var span = screenSpans[key] {
                guard span.generation != generation else { continue }
                span.generation = generation
                screenSpans[key] = span
                liveScreens += 1
                continue
            }
            nextSpanID &+= 1
            screenSpans[key] = ScreenSpan(id: nextSpanID, generation: generation)
            liveScreens += 1
            if rules.screenViewPolicy == .oncePerTrackerLifetime {
                guard screensRecordedEver.insert(key).inserted else { continue }
            }
            events.append(TrackingEvent(
                timestamp: instant.date, kind: .screenView, screen: key, visibleRatio: visible.visibleRatio
            ))
        }
        if liveScreens < screenSpans.count, !keepingUnseenSpans {
            endScreenSpans(notSeenIn: generation)
        }

        for visible in scan.elements where visible.visibleRatio >= rules.minimumVisibleRatio {
            let screen = screenIndex(visible.screenIndex, in: scan).map { scan.screens[$0].screen }
            let key = ElementKey(element: visible.element, screen: screen)
            var span: ElementSpan
            if let existing = elementSpans[key] {
                guard existing.generation != generation else { continue }
                span = existing
            } else {
                span = ElementSpan(start: now, generation: generation)
            }
            span.generation = generation
            liveElements += 1
            if !span.recorded, now - span.start + Self.tolerance >= rules.minimumVisibleDuration {
                span.recorded = true
                if mayRecord(key) {
                    events.append(TrackingEvent(
                        timestamp: instant.date, kind: .impression, element: visible.element, screen: screen,
                        visibleRatio: visible.visibleRatio
                    ))
                }
            }
            elementSpans[key] = span
        }
        if liveElements < elementSpans.count, !keepingUnseenSpans {
            elementSpans = elementSpans.filter { $0.value.generation == generation }
        }
    }

    /// The current visibility span of `element` seen on `screen`: when it started (uptime seconds) and
    /// whether the span is recorded (its impression delivered, or refused by a lifetime or screen-view policy).
    /// For the debug overlay's countdown.
    func elementSpan(of element: TrackingElement, on screen: TrackingScreen?) -> (start: Double, recorded: Bool)? {
        elementSpans[ElementKey(element: element, screen: screen)].map { ($0.start, $0.recorded) }
    }

    /// Ends every visibility span, as if a scan had seen nothing: the next scan starts new spans.
    /// Lifetime policies keep their memory.
    mutating func endAllSpans() {
        screenSpans.removeAll()
        elementSpans.removeAll()
        recordedInScreenSpan.removeAll()
    }

    // MARK: - Private

    private struct ElementKey: Hashable {
        var element: TrackingElement
        var screen: TrackingScreen?
    }

    private struct ScreenSpan {
        var id: UInt64
        var generation: UInt64
    }

    private struct ElementSpan {
        var start: Double
        var generation: UInt64
        var recorded = false
    }

    /// Absorbs binary rounding of summed clock steps (0.1 + 0.2 + … landing a hair under the threshold);
    /// far below any meaningful duration.
    private static let tolerance = 1e-9

    private var generation: UInt64 = 0
    private var nextSpanID: UInt64 = 0
    private var screenSpans: [TrackingScreen: ScreenSpan] = [:]
    private var elementSpans: [ElementKey: ElementSpan] = [:]
    private var screensRecordedEver: Set<TrackingScreen> = []
    private var elementsRecordedEver: Set<ElementKey> = []
    /// For ``TrackingImpressionPolicy/oncePerScreenView``: the screen span in which each element was last
    /// recorded. Entries of ended screen spans are pruned when those spans end.
    private var recordedInScreenSpan: [ElementKey: UInt64] = [:]

    private func screenIndex(_ index: Int?, in scan: ScanResult) -> Int? {
        guard let index, scan.screens.indices.contains(index) else { return nil }
        return index
    }

    private mutating func mayRecord(_ key: ElementKey) -> Bool {
        switch rules.impressionPolicy {
        case .oncePerVisibilitySpan:
            return true
        case .oncePerTrackerLifetime:
            return elementsRecordedEver.insert(key).inserted
        case .oncePerScreenView:
            // The element's screen may be below the ratio threshold (seen only as context): then it has no
            // live screen span, and the element falls back to once per visibility span.
            guard let screen = key.screen, let screenSpan = screenSpans[screen] else { return true }
            if recordedInScreenSpan[key] == screenSpan.id { return false }
            recordedInScreenSpan[key] = screenSpan.id
            return true
        }
    }

    private mutating func endScreenSpans(notSeenIn generation: UInt64) {
        screenSpans = screenSpans.filter { $0.value.generation == generation }
        if !recordedInScreenSpan.isEmpty {
            let liveIDs = Set(screenSpans.values.map(\.id))
            recordedInScreenSpan = recordedInScreenSpan.filter { liveIDs.contains($0.value) }
        }
    }
}
