/// Turns successive scans into screen views and impressions: a pure state machine over (scan, instant)
/// pairs, with no UIKit, no timers and no side effects, so every threshold and policy is testable on
/// fabricated ``ScanResult``s and a manual clock.
///
/// A *visibility span* of a screen or element starts at the first scan that sees it at or above the ratio
/// threshold and ends at the first scan that does not (or at ``endAllSpans(at:into:)``: stop, background).
/// Identity is the component value, never the view, so cell reuse and view moves need no special case.
///
/// **Screen time.** When a screen's span ends, a ``TrackingEventKind/screenEnded`` event records its
/// ``TrackingEvent/visibleDuration``: the time from the scan that started the span to the scan that ended it
/// (or to the instant given to ``endAllSpans(at:into:)``). Each end is detected late by less than the gap
/// between the scan before the change and the scan after it, and the two lags cancel on average: the
/// measured time is within the larger of those two gaps of the true one, one scan interval when scans run
/// on schedule. A span ended by ``endAllSpans(at:into:)`` ends exactly, so it is short by less than one
/// interval. Time under an opaque cover or in the background is outside every span and never counts; time while
/// the app is inactive (``setApplicationActive(_:at:)``: the app switcher, a system alert) is taken out of the
/// spans it overlaps without ending them. A scan
/// that keeps unseen spans (a transition in flight) ends none, so the screen being left counts until the
/// first scan after the transition. A clock that steps backwards yields 0, never a negative time.
///
/// **Engagement.** A screen span also counts the impressions recorded in it for its elements and keeps the
/// deepest scroll depth noted for it (``noteScrollDepth(_:for:)``); its `Screen Ended` carries both. The
/// span of an element recorded as an impression (its impression delivered or refused by a policy) ends with
/// a ``TrackingEventKind/exposure`` event when exposure is reported for it: its time is measured exactly as
/// a screen's (scan to scan, inactive time taken out), its ratio is the largest the span's scans saw.
struct EventRecorder {
    // MARK: - Internal

    /// The parts of ``TrackingConfiguration`` that decide what gets recorded.
    struct Rules: Equatable {
        var minimumVisibleRatio: Double
        var minimumVisibleDuration: Double
        var impressionPolicy: TrackingImpressionPolicy
        var screenViewPolicy: TrackingScreenViewPolicy
        var recordsScreenEnded: Bool
        /// ``TrackingConfiguration/reportsElementExposure``: whether an impressed element's span ends with a
        /// ``TrackingEventKind/exposure`` event, unless the element's ``TrackingElement/reportsExposure`` says
        /// otherwise.
        var reportsElementExposure: Bool

        init(
            minimumVisibleRatio: Double = 0.5,
            minimumVisibleDuration: Double = 1,
            impressionPolicy: TrackingImpressionPolicy = .oncePerVisibilitySpan,
            screenViewPolicy: TrackingScreenViewPolicy = .oncePerVisibilitySpan,
            recordsScreenEnded: Bool = true,
            reportsElementExposure: Bool = false
        ) {
            self.minimumVisibleRatio = minimumVisibleRatio
            self.minimumVisibleDuration = minimumVisibleDuration
            self.impressionPolicy = impressionPolicy
            self.screenViewPolicy = screenViewPolicy
            self.recordsScreenEnded = recordsScreenEnded
            self.reportsElementExposure = reportsElementExposure
        }

        init(_ configuration: TrackingConfiguration) {
            self.init(
                minimumVisibleRatio: configuration.minimumVisibleRatio,
                minimumVisibleDuration: configuration.minimumVisibleDuration,
                impressionPolicy: configuration.impressionPolicy,
                screenViewPolicy: configuration.screenViewPolicy,
                recordsScreenEnded: configuration.recordsScreenEnded,
                reportsElementExposure: configuration.reportsElementExposure
            )
        }
    }

    let rules: Rules

    init(rules: Rules) {
        self.rules = rules
    }

    /// Feeds one scan taken at `instant` and appends the events it completes to `events`: screen ends first
    /// (``TrackingEventKind/screenEnded``, in the order the spans started), then screen views, then
    /// impressions, each in scan order, then exposures (``TrackingEventKind/exposure``, in the order the
    /// element spans started). So when one screen replaces another, the one left ends before the
    /// next one's view, as a page-leave precedes the next page view.
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
        nextQualification = nil
        let now = instant.uptime
        var liveScreens = 0
        var liveElements = 0

        // Marks the spans that go on before any starts, so that the ones ending are known (and recorded)
        // before the screen views of this scan.
        for visible in scan.screens where visible.visibleRatio >= rules.minimumVisibleRatio {
            guard var span = screenSpans[visible.screen], span.generation != generation else { continue }
            span.generation = generation
            span.lastVisibleRatio = visible.visibleRatio
            screenSpans[visible.screen] = span
            liveScreens += 1
        }
        if liveScreens < screenSpans.count, !keepingUnseenSpans {
            endScreenSpans(notSeenIn: generation, at: instant, into: &events)
        }
        for visible in scan.screens where visible.visibleRatio >= rules.minimumVisibleRatio {
            let key = visible.screen
            guard screenSpans[key] == nil else { continue }
            nextSpanID &+= 1
            screenSpans[key] = ScreenSpan(
                id: nextSpanID, generation: generation, start: now, inactiveAtStart: inactiveTime(upTo: now),
                lastVisibleRatio: visible.visibleRatio
            )
            if rules.screenViewPolicy == .oncePerTrackerLifetime {
                guard screensRecordedEver.insert(key).inserted else { continue }
            }
            events.append(TrackingEvent(
                timestamp: instant.date, kind: .screenView, screen: key, visibleRatio: visible.visibleRatio
            ))
        }

        for visible in scan.elements where visible.visibleRatio >= rules.minimumVisibleRatio {
            let screen = screenIndex(visible.screenIndex, in: scan).map { scan.screens[$0].screen }
            let key = ElementKey(element: visible.element, screen: screen)
            var span: ElementSpan
            if let existing = elementSpans[key] {
                guard existing.generation != generation else { continue }
                span = existing
            } else {
                span = ElementSpan(start: now, generation: generation, inactiveAtStart: inactiveTime(upTo: now))
            }
            span.generation = generation
            span.maximumVisibleRatio = max(span.maximumVisibleRatio, visible.visibleRatio)
            liveElements += 1
            let qualifiesAt = span.start + rules.minimumVisibleDuration
            if !span.recorded, now + Self.tolerance >= qualifiesAt {
                span.recorded = true
                if mayRecord(key) {
                    // Stamped at the moment it qualified: nothing on screen changed since the scan that saw it
                    // before (the scheduler scans after every change), so it was visible all along.
                    let lateness = max(0, now - qualifiesAt)
                    events.append(TrackingEvent(
                        timestamp: instant.date.addingTimeInterval(-lateness), kind: .impression,
                        element: visible.element, screen: screen,
                        visibleRatio: visible.visibleRatio
                    ))
                    if let screen { screenSpans[screen]?.elementsViewed += 1 }
                }
            }
            if !span.recorded {
                nextQualification = min(nextQualification ?? qualifiesAt, qualifiesAt)
            }
            elementSpans[key] = span
        }
        if liveElements < elementSpans.count, !keepingUnseenSpans {
            endElementSpans(notSeenIn: generation, at: instant, into: &events)
        }
    }

    /// When the earliest element span seen by the last scan and not yet recorded qualifies (uptime seconds on
    /// the tracker's clock), or `nil` when every visible element is decided: the scheduler scans then, and
    /// only then, if nothing else changes.
    private(set) var nextQualification: Double?

    /// Notes that the main vertical scroll view of `screen` shows its content down to `depth` (a fraction of
    /// the content height, in `[0, 1]`): the span's ``TrackingEventKind/screenEnded`` carries the largest
    /// depth noted while it lasted (``TrackingEvent/scrollDepth``). Ignored for a screen without a live span
    /// and for a depth that is not a number in `[0, 1]`.
    mutating func noteScrollDepth(_ depth: Double, for screen: TrackingScreen) {
        guard depth >= 0, depth <= 1, var span = screenSpans[screen] else { return }
        span.scrollDepth = max(span.scrollDepth ?? 0, depth)
        screenSpans[screen] = span
    }

    /// Whether `screen` has a live visibility span (seen at or above the ratio by the last scans).
    func hasLiveSpan(_ screen: TrackingScreen) -> Bool {
        screenSpans[screen] != nil
    }

    /// The current visibility span of `element` seen on `screen`: when it started (uptime seconds) and
    /// whether the span is recorded (its impression delivered, or refused by a lifetime or screen-view policy).
    /// For the debug overlay's countdown.
    func elementSpan(of element: TrackingElement, on screen: TrackingScreen?) -> (start: Double, recorded: Bool)? {
        elementSpans[ElementKey(element: element, screen: screen)].map { ($0.start, $0.recorded) }
    }

    /// Stops (`false`) or resumes (`true`) screen time at `instant`: time while the app is inactive is taken
    /// out of every screen span it overlaps, without ending any. Repeated calls with the same value change
    /// nothing.
    mutating func setApplicationActive(_ isActive: Bool, at instant: TrackingInstant) {
        if isActive, let since = inactiveSince {
            inactiveBefore += Self.duration(from: since, to: instant.uptime)
            inactiveSince = nil
        } else if !isActive, inactiveSince == nil {
            inactiveSince = instant.uptime
        }
    }

    /// Ends every visibility span at `instant`, as if a scan then had seen nothing, and appends a
    /// ``TrackingEventKind/screenEnded`` event for each screen span to `events`, in the order the spans
    /// started, then the exposures of the element spans that report one: the next scan starts new spans. Lifetime policies keep their memory.
    mutating func endAllSpans(at instant: TrackingInstant, into events: inout [TrackingEvent]) {
        generation &+= 1
        nextQualification = nil
        endScreenSpans(notSeenIn: generation, at: instant, into: &events)
        endElementSpans(notSeenIn: generation, at: instant, into: &events)
        recordedInScreenSpan.removeAll()
    }

    // MARK: - Private

    private struct ElementKey: Hashable {
        var element: TrackingElement
        var screen: TrackingScreen?
    }

    private struct ScreenSpan {
        /// Increasing with start order.
        var id: UInt64
        var generation: UInt64
        /// The uptime of the scan that started the span.
        var start: Double
        /// ``inactiveTime(upTo:)`` at ``start``.
        var inactiveAtStart: Double
        /// The visible ratio in the last scan that saw the screen.
        var lastVisibleRatio: Double
        /// The deepest scroll depth noted in the span (``noteScrollDepth(_:for:)``), `nil` while none was.
        var scrollDepth: Double?
        /// The impressions recorded in the span for elements attributed to the screen.
        var elementsViewed = 0
    }

    private struct ElementSpan {
        var start: Double
        var generation: UInt64
        /// ``inactiveTime(upTo:)`` at ``start``.
        var inactiveAtStart: Double
        var recorded = false
        /// The largest visible ratio the scans of the span saw.
        var maximumVisibleRatio = 0.0
    }

    /// Absorbs binary rounding of summed clock steps (0.1 + 0.2 + … landing a hair under the threshold);
    /// far below any meaningful duration.
    private static let tolerance = 1e-9

    private var generation: UInt64 = 0
    private var nextSpanID: UInt64 = 0
    private var screenSpans: [TrackingScreen: ScreenSpan] = [:]
    private var elementSpans: [ElementKey: ElementSpan] = [:]
    private var screensRecordedEver: Set<TrackingScreen> = []
    /// Seconds the app was inactive before ``inactiveSince`` (or before now, when it is active).
    private var inactiveBefore: Double = 0
    /// The uptime at which the app became inactive, while it is.
    private var inactiveSince: Double?
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

    /// The seconds between two uptimes, 0 when the clock stepped backwards (or is not finite): a monotonic
    /// clock never does, but an injected one might, and a negative screen time would poison every sum.
    private static func duration(from start: Double, to end: Double) -> Double {
        let duration = end - start
        return duration.isFinite && duration > 0 ? duration : 0
    }

    /// Seconds the app was inactive from the recorder's start to `uptime`, never decreasing.
    private func inactiveTime(upTo uptime: Double) -> Double {
        inactiveBefore + (inactiveSince.map { Self.duration(from: $0, to: uptime) } ?? 0)
    }

    /// The time from `start` to `end`, less the time the app was inactive meanwhile; never negative.
    private func visibleDuration(from start: Double, inactiveAtStart: Double, to end: Double) -> Double {
        let inactive = inactiveTime(upTo: end) - inactiveAtStart
        return Self.duration(from: inactive, to: Self.duration(from: start, to: end))
    }

    /// Whether the end of a qualified span of `element` is recorded as an exposure: the element's own
    /// choice, else the configuration's.
    private func reportsExposure(of element: TrackingElement) -> Bool {
        element.reportsExposure ?? rules.reportsElementExposure
    }

    /// Drops the element spans not seen in `generation`, recording a ``TrackingEventKind/exposure`` for each
    /// one that qualified as an impression and reports exposure, in the order of their start.
    private mutating func endElementSpans(
        notSeenIn generation: UInt64, at instant: TrackingInstant, into events: inout [TrackingEvent]
    ) {
        var ended: [(key: ElementKey, span: ElementSpan)] = []
        for (key, span) in elementSpans where span.generation != generation && span.recorded {
            if reportsExposure(of: key.element) { ended.append((key, span)) }
        }
        elementSpans = elementSpans.filter { $0.value.generation == generation }
        guard !ended.isEmpty else { return }
        // Dictionary order is arbitrary: start order (then the element's type and id) keeps it reproducible.
        ended.sort { ($0.span.start, $0.key.element.elementType.rawValue, $0.key.element.identifier ?? "")
            < ($1.span.start, $1.key.element.elementType.rawValue, $1.key.element.identifier ?? "") }
        for (key, span) in ended {
            events.append(TrackingEvent(
                timestamp: instant.date, kind: .exposure, element: key.element, screen: key.screen,
                visibleRatio: span.maximumVisibleRatio,
                visibleDuration: visibleDuration(from: span.start, inactiveAtStart: span.inactiveAtStart, to: instant.uptime)
            ))
        }
    }

    /// Drops the screen spans not seen in `generation`, recording the end of each, in start order.
    private mutating func endScreenSpans(
        notSeenIn generation: UInt64, at instant: TrackingInstant, into events: inout [TrackingEvent]
    ) {
        if rules.recordsScreenEnded {
            let ended = screenSpans.filter { $0.value.generation != generation }.sorted { $0.value.id < $1.value.id }
            for (screen, span) in ended {
                var properties: TrackingProperties = [TrackingEvent.elementsViewedKey: .int(span.elementsViewed)]
                if let depth = span.scrollDepth { properties[TrackingEvent.scrollDepthKey] = .double(depth) }
                events.append(TrackingEvent(
                    timestamp: instant.date, kind: .screenEnded, screen: screen, visibleRatio: span.lastVisibleRatio,
                    eventProperties: properties,
                    visibleDuration: visibleDuration(from: span.start, inactiveAtStart: span.inactiveAtStart, to: instant.uptime)
                ))
            }
        }
        screenSpans = screenSpans.filter { $0.value.generation == generation }
        if !recordedInScreenSpan.isEmpty {
            let liveIDs = Set(screenSpans.values.map(\.id))
            recordedInScreenSpan = recordedInScreenSpan.filter { liveIDs.contains($0.value) }
        }
    }
}
