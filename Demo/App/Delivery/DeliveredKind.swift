/// What a delivered message records, for the demo's summary line and report: Segment's call type, with
/// `track` calls told apart by the events the SDK names.
public enum DeliveredKind: CaseIterable, Sendable, Hashable {
    /// A `screen` call.
    case screenView
    /// A `track Element Viewed` call.
    case impression
    /// A `track Screen Ended` call.
    case screenEnded
    /// A `track Element Exposure` call.
    case exposure
    /// A `track Element Tapped` call.
    case tap
    /// A `track Rage Tap` call.
    case rageTap
    /// A `track Dead Tap` call.
    case deadTap
    /// A `track` call of Segment's application lifecycle (`Application Installed`, `Updated`, `Opened`,
    /// `Backgrounded`).
    case lifecycle
    /// A `track Deep Link Opened` call.
    case deepLink
    /// Any other `track` call: the app's own events.
    case track
    /// An `identify` call.
    case identify
    /// A `group` call.
    case group
    /// Any other call type.
    case other

    // MARK: - Public

    /// The kind of `message`.
    /// - Parameter message: A message the collector received.
    public init(_ message: DeliveredBatch.Message) {
        switch (message.type, message.name) {
        case ("screen", _): self = .screenView
        case ("track", "Element Viewed"): self = .impression
        case ("track", "Screen Ended"): self = .screenEnded
        case ("track", "Element Exposure"): self = .exposure
        case ("track", "Element Tapped"): self = .tap
        case ("track", "Rage Tap"): self = .rageTap
        case ("track", "Dead Tap"): self = .deadTap
        case ("track", "Application Installed"), ("track", "Application Updated"), ("track", "Application Opened"),
             ("track", "Application Backgrounded"):
            self = .lifecycle
        case ("track", "Deep Link Opened"): self = .deepLink
        case ("track", _): self = .track
        case ("identify", _): self = .identify
        case ("group", _): self = .group
        default: self = .other
        }
    }

    /// `10 screen views`, `1 deep link`: `count` messages of this kind.
    /// - Parameter count: How many.
    public func counted(_ count: Int) -> String {
        let (singular, plural): (String, String) = switch self {
        case .screenView: ("screen view", "screen views")
        case .impression: ("impression", "impressions")
        case .screenEnded: ("screen end", "screen ends")
        case .exposure: ("exposure", "exposures")
        case .tap: ("tap", "taps")
        case .rageTap: ("rage tap", "rage taps")
        case .deadTap: ("dead tap", "dead taps")
        case .lifecycle: ("lifecycle event", "lifecycle events")
        case .deepLink: ("deep link", "deep links")
        case .track: ("other track call", "other track calls")
        case .identify: ("identify call", "identify calls")
        case .group: ("group call", "group calls")
        case .other: ("other call", "other calls")
        }
        return "\(count) \(count == 1 ? singular : plural)"
    }
}

extension [DeliveredBatch.Message] {
    // MARK: - Public

    /// `10 screen views, 21 impressions, 9 screen ends, 7 taps, 1 rage tap, 1 dead tap, 5 lifecycle events, 1 deep link, 2 other
    /// track calls, 1 identify call, 1 group call`:
    /// how many messages of each kind, in that order, kinds without messages left out; `nothing` when empty.
    public var kindSummary: String {
        let counts = Dictionary(grouping: self, by: DeliveredKind.init).mapValues(\.count)
        let parts = DeliveredKind.allCases.compactMap { kind in counts[kind].map { kind.counted($0) } }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
