import Foundation

/// One recorded analytics event, as sinks receive it.
///
/// A value type that is `Sendable` (sinks may hand it to other threads) and `Codable` (sinks may persist
/// it). ``id`` is unique per event so that delivery can be at-least-once and deduplicated downstream.
///
/// The subject of the event is ``element`` when there is one (impressions), otherwise ``screen`` (screen
/// views); for element events ``screen`` is the context the element was seen in:
///
/// ```swift
/// switch event.kind {
/// case .screenView: print("viewed", event.name)                         // "my_profile"
/// case .impression: print("saw", event.name, "on", event.screen?.screenName ?? "-")
/// default: break
/// }
/// ```
public struct TrackingEvent: Hashable, Sendable, Codable, Identifiable, CustomStringConvertible {
    // MARK: - Public

    /// Unique per event, for idempotent delivery.
    public var id: UUID
    /// When the event was recorded (the wall-clock date of the scan that recorded it).
    public var timestamp: Date
    /// What the event records.
    public var kind: TrackingEventKind
    /// The element the event is about, or `nil` for screen events.
    public var element: TrackingElement?
    /// The screen the event is about (screen views), or the screen the element was seen in; `nil` when the
    /// element is not inside any view controller carrying a ``TrackingScreen``.
    public var screen: TrackingScreen?
    /// The visible fraction of the subject's area, in `[0, 1]`, when the event was recorded (for a
    /// ``TrackingEventKind/exposure``, the largest fraction of its span; 1 for
    /// screens reported with ``Tracker/screen(_:properties:)-(_,TrackingProperties)``, 0 for events without a subject on screen).
    public var visibleRatio: Double
    /// The name of an explicit event (``TrackingEventKind/track``), `nil` for other kinds.
    public var eventName: TrackingEventName?
    /// The explicit event's properties (``TrackingEventKind/track``) or the user's traits
    /// (``TrackingEventKind/identify``); empty for scanned events, whose properties are their components'.
    /// A ``TrackingEventKind/rageTap`` keeps its tap count here (see ``tapCount``), and taps keep their
    /// position (see ``tapPosition``).
    public var eventProperties: TrackingProperties
    /// Who the event was recorded for; set by the ``Tracker`` on every event it delivers.
    public var identity: TrackingIdentity?
    /// The device and app the event was recorded on; set by the ``Tracker`` on every event it delivers.
    public var context: TrackingContext?
    /// The session the event was recorded in; set by the ``Tracker`` on every event it delivers (see
    /// ``TrackingSession``). Sent as `context.sessionId` and `context.sessionStart`.
    public var session: TrackingSession?
    /// The group a ``TrackingEventKind/group`` event joins the user to (Segment's `groupId`); `nil` for
    /// other kinds. The group's traits are ``eventProperties``.
    public var groupID: String?
    /// The id an ``TrackingEventKind/alias`` event merges into the new user id (Segment's `previousId`:
    /// the user id, or the anonymous id before one); `nil` for other kinds. The new user id is
    /// ``identity``'s.
    public var previousID: String?
    /// How long, in seconds, the screen was visible in the span that a ``TrackingEventKind/screenEnded``
    /// event closes, or the element in the span that a ``TrackingEventKind/exposure`` closes; `nil` for other
    /// kinds.
    ///
    /// Measured on the tracker's ``TrackingConfiguration/clock`` from the scan that first saw the screen to
    /// the scan that no longer saw it (or to ``Tracker/stop()`` or the move to the background), so it is
    /// within one scan interval of the true time; time under an opaque cover, in the background and while
    /// the app is inactive (the app switcher, a system alert) is not in it. On the wire it is `visible_ms` (``TrackingWireNaming/PropertyKeys/visibleDuration``), whole
    /// milliseconds.
    public var visibleDuration: TimeInterval?

    /// Creates an event.
    /// - Parameters:
    ///   - id: Unique per event. Defaults to a new random UUID.
    ///   - timestamp: When the event was recorded.
    ///   - kind: What the event records.
    ///   - element: The element the event is about, or `nil` for screen events.
    ///   - screen: The screen the event is about, or the element's screen context.
    ///   - visibleRatio: The visible fraction of the subject's area.
    ///   - eventName: The name of an explicit event.
    ///   - eventProperties: An explicit event's properties or an identification's traits.
    ///   - identity: Who the event was recorded for (the tracker sets it).
    ///   - context: The device and app (the tracker sets it).
    ///   - session: The session (the tracker sets it).
    ///   - groupID: The group of a group event.
    ///   - previousID: The previous id of an alias event.
    ///   - visibleDuration: For a ``TrackingEventKind/screenEnded`` event, the seconds the screen was visible.
    public init(
        id: UUID = UUID(),
        timestamp: Date,
        kind: TrackingEventKind,
        element: TrackingElement? = nil,
        screen: TrackingScreen?,
        visibleRatio: Double,
        eventName: TrackingEventName? = nil,
        eventProperties: TrackingProperties = [:],
        identity: TrackingIdentity? = nil,
        context: TrackingContext? = nil,
        session: TrackingSession? = nil,
        groupID: String? = nil,
        previousID: String? = nil,
        visibleDuration: TimeInterval? = nil
    ) {
        self.session = session
        self.groupID = groupID
        self.previousID = previousID
        self.visibleDuration = visibleDuration
        self.eventName = eventName
        self.eventProperties = eventProperties
        self.identity = identity
        self.context = context
        self.id = id
        self.timestamp = timestamp
        self.kind = kind
        self.element = element
        self.screen = screen
        self.visibleRatio = visibleRatio
    }

    /// The subject's analytics name: the explicit event's name, the element type, the screen name, for
    /// an identification or an alias the user id (empty if none), for a group event the group id.
    public var name: String {
        eventName?.rawValue ?? element?.elementType.rawValue ?? screen?.screenName.rawValue
            ?? (kind == .group ? groupID : nil)
            ?? (kind == .identify || kind == .alias ? identity?.userID : nil) ?? ""
    }

    /// How many taps the burst of a ``TrackingEventKind/rageTap`` had when it was recorded; `nil` for other
    /// kinds.
    public var tapCount: Int? {
        guard kind == .rageTap, case .int(let count)? = eventProperties[Self.tapCountKey] else { return nil }
        return count
    }

    /// Where the finger came down, for a tap event (``TrackingEventKind/tap``, ``TrackingEventKind/rageTap``,
    /// ``TrackingEventKind/deadTap``) recorded by tap capture; `nil` for other events.
    public var tapPosition: TrackingTapPosition? {
        guard isElementEvent, kind != .impression, kind != .exposure else { return nil }
        return TrackingTapPosition(properties: eventProperties)
    }

    /// For a ``TrackingEventKind/screenEnded`` event, how far down the screen's main vertical scroll view was
    /// read in the span: the deepest point of its content shown, as a fraction of the content height, in
    /// `[0, 1]`. `nil` for other kinds and for a screen without such a scroll view. See <doc:Engagement>.
    public var scrollDepth: Double? {
        guard kind == .screenEnded, case .double(let depth)? = eventProperties[Self.scrollDepthKey] else { return nil }
        return depth
    }

    /// For a ``TrackingEventKind/screenEnded`` event, how many impressions were recorded in the span for
    /// elements on the screen; `nil` for other kinds.
    public var elementsViewed: Int? {
        guard kind == .screenEnded, case .int(let count)? = eventProperties[Self.elementsViewedKey] else { return nil }
        return count
    }

    /// The subject's identifier: the element's, or else the screen's.
    public var identifier: String? {
        element != nil ? element?.identifier : screen?.identifier
    }

    /// The subject's properties: an explicit event's, identification's or group's own
    /// (``eventProperties``), else the element's, else the screen's.
    public var properties: TrackingProperties {
        if isExplicit { return eventProperties }
        return element?.properties ?? screen?.properties ?? [:]
    }

    /// One line for logs: `impression spark_button#42 on my_profile ratio=0.75`, `track order_completed {total=42.5}`,
    /// `screen_ended my_profile ratio=1.0 visible=3.0s`.
    public var description: String {
        var line = "\(kind) \(name)"
        if let identifier { line += "#\(identifier)" }
        if element != nil, let screen {
            line += " on \(screen.screenName)"
            if let identifier = screen.identifier { line += "#\(identifier)" }
        }
        if !isExplicit {
            let roundedRatio = (visibleRatio * 100).rounded() / 100
            line += " ratio=\(roundedRatio)"
        }
        if let visibleDuration {
            line += " visible=\((visibleDuration * 1000).rounded() / 1000)s"
        }
        if let tapCount { line += " taps=\(tapCount)" }
        if !properties.isEmpty {
            let pairs = properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.logDescription)" }
            line += " {\(pairs.joined(separator: ", "))}"
        }
        return line
    }
}

extension TrackingEvent {
    /// Whether the app recorded the event itself (`track` with a name, `identify`, `group`, `alias`)
    /// rather than a scan: its subject is then its own name and ``eventProperties``, and it has no visible
    /// ratio.
    var isExplicit: Bool {
        eventName != nil || kind == .identify || kind == .group || kind == .alias
    }

    /// Whether the event is about an element on screen: an impression, an exposure, a tap, a rage tap or a
    /// dead tap.
    var isElementEvent: Bool {
        kind == .impression || kind == .exposure || kind == .tap || kind == .rageTap || kind == .deadTap
    }

    /// The keys of a screen end's scroll depth and impression count in ``eventProperties``: kept there so
    /// that stored events need no new field; the wire names are ``TrackingWireNaming/PropertyKeys/scrollDepth``
    /// and ``TrackingWireNaming/PropertyKeys/elementsViewed``.
    static let scrollDepthKey = "scroll_depth"
    static let elementsViewedKey = "elements_viewed"

    /// The key of a rage tap's count in ``eventProperties``: kept there so that stored events need no new
    /// field; the wire name is ``TrackingWireNaming/PropertyKeys/tapCount``.
    static let tapCountKey = "tap_count"
}

// MARK: - Private

extension TrackingPropertyValue {
    fileprivate var logDescription: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        case .date(let value): return WireTimestamp.string(value)
        case .array(let values): return "[" + values.map(\.logDescription).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.logDescription)" }.joined(separator: ", ") + "}"
        case .null: return "null"
        }
    }
}
