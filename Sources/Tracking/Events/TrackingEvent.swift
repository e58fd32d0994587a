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
    /// The visible fraction of the subject's area, in `[0, 1]`, when the event was recorded.
    public var visibleRatio: Double

    /// Creates an event.
    /// - Parameters:
    ///   - id: Unique per event. Defaults to a new random UUID.
    ///   - timestamp: When the event was recorded.
    ///   - kind: What the event records.
    ///   - element: The element the event is about, or `nil` for screen events.
    ///   - screen: The screen the event is about, or the element's screen context.
    ///   - visibleRatio: The visible fraction of the subject's area.
    public init(
        id: UUID = UUID(),
        timestamp: Date,
        kind: TrackingEventKind,
        element: TrackingElement? = nil,
        screen: TrackingScreen?,
        visibleRatio: Double
    ) {
        self.id = id
        self.timestamp = timestamp
        self.kind = kind
        self.element = element
        self.screen = screen
        self.visibleRatio = visibleRatio
    }

    /// The subject's analytics name: the element type, or else the screen name (empty if neither).
    public var name: String {
        element?.elementType.rawValue ?? screen?.screenName.rawValue ?? ""
    }

    /// The subject's identifier: the element's, or else the screen's.
    public var identifier: String? {
        element != nil ? element?.identifier : screen?.identifier
    }

    /// The subject's properties: the element's, or else the screen's.
    public var properties: TrackingProperties {
        element?.properties ?? screen?.properties ?? [:]
    }

    /// One line for logs: `impression spark_button#42 on my_profile ratio=0.75`.
    public var description: String {
        var line = "\(kind) \(name)"
        if let identifier { line += "#\(identifier)" }
        if element != nil, let screen {
            line += " on \(screen.screenName)"
            if let identifier = screen.identifier { line += "#\(identifier)" }
        }
        let roundedRatio = (visibleRatio * 100).rounded() / 100
        line += " ratio=\(roundedRatio)"
        if !properties.isEmpty {
            let pairs = properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.logDescription)" }
            line += " {\(pairs.joined(separator: ", "))}"
        }
        return line
    }
}

// MARK: - Private

extension TrackingPropertyValue {
    fileprivate var logDescription: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        }
    }
}
