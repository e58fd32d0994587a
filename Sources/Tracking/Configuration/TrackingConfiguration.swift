import Foundation

/// Everything a ``Tracker`` can be tuned with, passed once to its initialiser.
///
/// The defaults follow the industry viewability standard (50 % of an element's area for 1 continuous
/// second) and scan four times a second:
///
/// ```swift
/// var configuration = TrackingConfiguration()
/// configuration.minimumVisibleDuration = 0.5
/// configuration.impressionPolicy = .oncePerScreenView
/// let tracker = Tracker(configuration: configuration, sinks: [LoggingTrackingSink()])
/// tracker.start()
/// ```
///
/// Out-of-range values (a negative duration, a ratio above 1, NaN) are replaced by the nearest safe value
/// with a ``TrackingDiagnostic/Code/invalidConfiguration`` diagnostic when the tracker is created.
public struct TrackingConfiguration: Sendable {
    // MARK: - Public

    /// How many scans run per second at most while something on screen changes (a screen at rest is not
    /// scanned at all: the tracker scans when the main run loop idles after work). Default 4; valid range
    /// `(0, 60]`.
    public var scansPerSecond: Double = 4

    /// The fraction of a view's area, in `[0, 1]`, that must be on screen for it to count as visible.
    /// Default 0.5. At 0, any visible pixel counts.
    public var minimumVisibleRatio: Double = 0.5

    /// How long, in seconds, an element must stay visible before its impression is recorded. Default 1.
    /// At 0, an element is recorded by the first scan that sees it. Measured on ``clock``.
    public var minimumVisibleDuration: TimeInterval = 1

    /// The product of a view's and its ancestors' alphas below which it is invisible. Default 0.01,
    /// the value below which UIKit itself ignores a view for hit-testing.
    public var minimumAlpha: Double = 0.01

    /// How often an element is recorded. Default ``TrackingImpressionPolicy/oncePerVisibilitySpan``.
    public var impressionPolicy: TrackingImpressionPolicy = .oncePerVisibilitySpan

    /// How often a screen is recorded. Default ``TrackingScreenViewPolicy/oncePerVisibilitySpan``.
    public var screenViewPolicy: TrackingScreenViewPolicy = .oncePerVisibilitySpan

    /// Whether the end of each screen's visibility span is recorded as a ``TrackingEventKind/screenEnded``
    /// event carrying the time the screen was really visible (``TrackingEvent/visibleDuration``). Default
    /// `true`.
    ///
    /// One such event follows each span, whatever ``screenViewPolicy`` says: under
    /// ``TrackingScreenViewPolicy/oncePerTrackerLifetime`` later spans record no screen view, but their time
    /// is still the person's time on the screen, and the sum of every `Screen Ended` of a screen is its total
    /// visible time. Turn it off when a tracking plan has no use for screen time: it roughly doubles the
    /// screen events sent.
    public var recordsScreenEnded = true

    /// Whether the end of the visibility span of each element recorded as an impression is recorded too, as a
    /// ``TrackingEventKind/exposure`` event with the exact time the element was visible at or above
    /// ``minimumVisibleRatio`` and its largest visible ratio. Default `false`: it roughly doubles the element
    /// events sent. ``TrackingElement/reportsExposure`` overrides it per element. See <doc:Engagement>.
    public var reportsElementExposure = false

    /// The source of time for duration thresholds and event timestamps. Default ``SystemTrackingClock``;
    /// tests inject a ``ManualTrackingClock``.
    public var clock: any TrackingClock = SystemTrackingClock()

    /// The longest element type, screen name, identifier or property key, in UTF-8 bytes, that events
    /// carry. Longer ones are truncated with a diagnostic. A user, group or alias id longer than this is never
    /// truncated: the call is dropped with a ``TrackingDiagnostic/Code/nameTooLong`` diagnostic. Default 256.
    public var maximumNameLength: Int = 256

    /// The longest string property value, in UTF-8 bytes, that events carry, nested ones included. Longer
    /// ones are truncated with a diagnostic. Default 1024.
    public var maximumPropertyValueLength: Int = 1024

    /// The deepest nesting of property values: 1 allows scalars only, 2 arrays and objects of scalars.
    /// Deeper values are dropped with a diagnostic. Default 8; valid range `1...32`.
    public var maximumPropertyDepth: Int = 8

    /// The most values one event's properties hold, counting every level (an array of 3 strings is 4
    /// values). Values past it, in key order, are dropped with a diagnostic. Default 1000.
    public var maximumPropertyCount: Int = 1000

    /// The largest one event's properties may be as JSON, in bytes. Properties that do not fit, taken in key
    /// order, are dropped with a diagnostic. Default 24,000, which leaves room for names and context
    /// within the 32,000-byte message limit of delivery.
    public var maximumPropertiesByteCount: Int = 24_000

    /// Receives every ``TrackingDiagnostic``, on the thread where the problem was found (the main thread
    /// for scans, the thread delivering an explicit call's event, the `Sightline.SessionStore.diagnostics`
    /// queue for a session file that could not be saved), never with a lock of the tracker held: it may call the tracker, or wait on a
    /// queue that does. Default: ``TrackingDiagnostic/logToSystem``. A ``DeliverySink`` created through the
    /// tracker (``Tracker/init(writeKey:configuration:)``) reports here too.
    public var diagnosticHandler: @Sendable (TrackingDiagnostic) -> Void = TrackingDiagnostic.logToSystem

    /// Where the tracker keeps what must survive a relaunch: the anonymous id, user id and traits in
    /// `identity.json`, the session in `session.json`, the last version and build in `app-version.json`, and
    /// the person's consent in `consent`. Default: `Sightline` in the app's Application Support directory. A
    /// ``DeliverySink`` created through the tracker keeps its queues in `Delivery` inside it. Trackers of one
    /// process on one directory (however its path is spelled, symbolic links resolved) share one consent and
    /// one identity. These files are read back within the API's limits: a tampered part costs a diagnostic,
    /// never delivery.
    ///
    /// - Important: Give Sightline a directory of its own: at every launch everything under it is made
    ///   private (directories 0700, files 0600, excluded from backup, and on iOS the
    ///   `completeUntilFirstUserAuthentication` protection class).
    public var storageDirectory: URL = SightlineStorage.defaultDirectory

    /// The person's consent until the app sets ``Tracker/consent`` and while none is persisted: the first
    /// launch's. Default ``DeliveryConsent/granted``. An app that asks first sets
    /// ``DeliveryConsent/pending`` (or ``DeliveryConsent/denied``) here, so that what ``Tracker`` records
    /// from its creation (the launch's `Application Installed` and `Application Opened`) reaches no sink but
    /// a ``DeliverySink``, which keeps it apart until consent is granted. A consent the app set before is
    /// persisted and wins over this default; a ``DeliverySink``'s more restrictive
    /// ``DeliveryConfiguration/defaultConsent`` wins too.
    ///
    /// ```swift
    /// configuration.defaultConsent = .pending   // until the consent dialog answers
    /// ```
    public var defaultConsent: DeliveryConsent = .granted

    /// How long the app may stay in the background before its session ends, in seconds: the first event
    /// after a longer stay (or a relaunch after it) starts a new session (see ``TrackingSession``).
    /// Default 300 (5 minutes, as RudderStack's mobile SDKs). Zero makes every return from the
    /// background start a session; `.infinity` leaves sessions to ``Tracker/startSession()``,
    /// ``Tracker/endSession()`` and ``Tracker/reset()``. A negative or NaN value is replaced by the
    /// default, with a diagnostic.
    public var sessionTimeout: TimeInterval = 300

    /// Hooks that see every event, scanned and explicit, after validation and before any sink, in this
    /// order: each returns the event (changed or not) for the next, or `nil` to drop it (no sink receives
    /// it). For redacting personal data, adding app-level properties, or sampling. Default: none.
    ///
    /// They run one event at a time, in the order of the tracker's calls, with no lock of the tracker held:
    /// on the thread that recorded the event, or, when another thread was delivering at that moment, on
    /// that thread (see ``Tracker/track(_:properties:)-(_,TrackingProperties)``). A hook may call the tracker
    /// (its event is delivered after the current one) or wait on a queue that does; keep hooks fast all the
    /// same. An event a hook changed is validated again, so a hook cannot send an invalid event (a blank name
    /// drops it, an oversized value is truncated, each with a diagnostic).
    ///
    /// On an identify event the traits are its ``TrackingEvent/eventProperties``: the traits kept with the
    /// identity (which ride on later events as `context.traits` and are saved in `identity.json`) are those
    /// the hooks leave there, so a redaction of a trait keeps it off the wire and off the disk. While
    /// consent is ``DeliveryConsent/denied`` no hook runs.
    ///
    /// ```swift
    /// configuration.beforeSend = [
    ///     { event in
    ///         var event = event
    ///         event.eventProperties["email"] = nil                    // redaction
    ///         event.eventProperties["app_variant"] = "beta"           // enrichment
    ///         return event
    ///     },
    ///     { event in event.kind == .impression && Bool.random() ? nil : event },  // sampling
    /// ]
    /// ```
    public var beforeSend: [@Sendable (TrackingEvent) -> TrackingEvent?] = []

    /// Whether the tracker records Segment's application lifecycle events (like Segment's
    /// `trackApplicationLifecycleEvents`). Default `true`.
    ///
    /// | event | when | properties |
    /// |---|---|---|
    /// | `Application Installed` | the first launch, the storage directory empty | `version`, `build` |
    /// | `Application Updated` | the first launch of a new version or build | `previous_version`, `previous_build`, `version`, `build` |
    /// | `Application Opened` | the launch, and every return to the foreground | `from_background`, `version`, `build`; `url`, `referring_application` when a deep link opened it |
    /// | `Application Backgrounded` | entering the background | |
    ///
    /// They are ``TrackingEventKind/track`` events that go through the same path as
    /// ``Tracker/track(_:properties:)-(_,TrackingProperties)`` (validation, identity, context, consent,
    /// ``beforeSend``, sinks). They begin when the tracker is created, not at ``Tracker/start()``, so create
    /// it in `application(_:didFinishLaunchingWithOptions:)`. The version and build are the context's
    /// (``TrackingContext/App``); the previous ones are kept in `app-version.json` in ``storageDirectory``.
    /// When Sightline comes to an app already installed (its storage holds an identity but no version), the
    /// first launch records neither an install nor an update. At `false` the tracker observes no
    /// application notification at all. ``Tracker/openURL(_:referringApplication:)-(URL,_)`` records
    /// `Deep Link Opened` either way.
    public var tracksApplicationLifecycleEvents = true

    /// Which query parameters ``Tracker/openURL(_:referringApplication:)-(URL,_)`` keeps in the URLs it
    /// records (in `Deep Link Opened` and `Application Opened`): ``DeepLinkQueryPolicy/removing(_:)`` named
    /// ones, or ``DeepLinkQueryPolicy/keepingOnly(_:)`` named ones. Names are compared percent-decoded,
    /// trimmed and case-folded, with the bracket and dot suffixes web frameworks read; URLs nested in a
    /// parameter's value are cleaned too. Default: ``DeepLinkQueryPolicy/default``, removing `access_token`,
    /// `id_token`, `refresh_token`, `token`, `code` and `password`, which sign-in and password-reset links
    /// carry, and the session ids `session`, `session_id`, `sessionid` and `jsessionid`. The same names rule
    /// the path's matrix parameters (``deepLinkPathPolicy``). Credentials (`user:password@`) and the fragment
    /// are always removed.
    ///
    /// ```swift
    /// configuration.deepLinkQueryPolicy = .keepingOnly(["utm_source", "utm_campaign", "item"])
    /// ```
    public var deepLinkQueryPolicy: DeepLinkQueryPolicy = .default

    /// Which path segments ``Tracker/openURL(_:referringApplication:)-(URL,_)`` keeps in the URLs it records
    /// (in `Deep Link Opened` and `Application Opened`); a removed one becomes `:redacted`, so
    /// `/auth/magic/<JWT>` is recorded as `/auth/magic/:redacted`. Default: ``DeepLinkPathPolicy/default``,
    /// removing segments that look like a secret (a JWT, 32 or more hexadecimal digits, a long base64url or
    /// alphanumeric run mixing character classes, a UUID) and keeping ids, slugs and words; templates
    /// (`"/reset-password/:token"`) override the look either way, and ``DeepLinkPathPolicy/keepingOnly(_:secretTemplates:)``
    /// keeps only what templates give. Matrix parameters (`;session=…`) follow ``deepLinkQueryPolicy``'s names.
    ///
    /// ```swift
    /// configuration.deepLinkPathPolicy = .redactingSecrets(secretTemplates: ["/invite/:code"])
    /// ```
    public var deepLinkPathPolicy: DeepLinkPathPolicy = .default

    /// The names ``deepLinkQueryPolicy`` removes: its ``DeepLinkQueryPolicy/removedNames``, or an empty set
    /// while it keeps only named parameters. Setting it sets ``deepLinkQueryPolicy`` to
    /// ``DeepLinkQueryPolicy/removing(_:)`` the new names.
    ///
    /// ```swift
    /// configuration.deepLinkQueryItemsToRemove.insert("email")
    /// ```
    public var deepLinkQueryItemsToRemove: Set<String> {
        get { deepLinkQueryPolicy.removedNames ?? [] }
        set { deepLinkQueryPolicy = .removing(newValue) }
    }
    /// Whether the tracker records taps on tracked elements (``TrackingEventKind/tap`` and
    /// ``TrackingEventKind/rageTap``). Default `true`.
    ///
    /// While started, the tracker adds one passive gesture recognizer to each window it scans: it never
    /// recognizes, cancels, delays or prevents anything, so the app's controls and gesture recognizers
    /// behave exactly as without it. No swizzling. With `false`, no recognizer is ever created or added.
    ///
    /// A tap (a finger down and up within 45 points and 0.75 s, UIKit's own tap limits) goes to the tracked
    /// thing under the finger, found without a scan from the view UIKit hit-tested the touch to: the
    /// front-most tracked view there that takes no touches (a SwiftUI view's `trackingElement(_:)` anchor,
    /// a plain label or image), else the hit-test view or its nearest tracked ancestor. It is recorded on
    /// the screen the scanner's rule gives that element, with where the finger came down
    /// (``TrackingEvent/tapPosition``); never in the background, during a view-controller transition, or on
    /// an element fainter than ``minimumAlpha``.
    public var capturesTaps: Bool = true

    /// How many taps on one element, within ``rageTapInterval`` and ``rageTapRadius``, make a
    /// ``TrackingEventKind/rageTap``. Default 4; valid range `2...100`.
    ///
    /// The defaults (4 taps, 1 s, 44 pt) are Mixpanel's published rage-click rule; PostHog's is 3 taps in
    /// 1 s within 30 pt, Amplitude's 4 clicks in 1 s within 50 px. A burst is recorded once, at the tap
    /// that completes it, never once per later tap. Taps on controls that answer repeated taps themselves
    /// (steppers, sliders, switches, segmented and page controls, text fields and views, pickers, the
    /// keyboard) are left out.
    public var rageTapCount: Int = 4

    /// The time, in seconds, within which ``rageTapCount`` taps on one element make a rage tap; also the
    /// longest pause that keeps a burst going. Default 1; valid range `(0, 60]`. Measured on ``clock``.
    public var rageTapInterval: TimeInterval = 1

    /// How far, in points, each tap of a rage-tap burst may land from the burst's first tap; a tap farther
    /// away starts a new burst. Default 44 (the minimum touch target of Apple's Human Interface Guidelines,
    /// and Mixpanel's radius); valid range `(0, 10000]`.
    public var rageTapRadius: Double = 44

    /// Whether the tracker records dead taps (``TrackingEventKind/deadTap``): a tap on an interactive tracked
    /// element (an enabled `UIControl` with actions, or a view with an enabled tap recognizer on it or an
    /// ancestor) after which nothing visible changes within ``deadTapInterval``. Default `false` (opt-in, as
    /// Amplitude's frustration interactions are). Needs ``capturesTaps``.
    ///
    /// "Nothing visible changes" is judged exactly: what the touched window's scene shows at the touch is
    /// compared, view by view, with what it shows at the first scan after the interval (views added, removed,
    /// moved, resized, faded or hidden, windows, a label's text, a button's title, a control's state or
    /// value, an image view's image). A second tap before then cancels the check. Taps on SwiftUI views
    /// (anchors) and on controls that answer taps themselves (steppers, sliders, switches, segmented and
    /// page controls, text fields, pickers) are not judged. With `false`, nothing is recorded or allocated
    /// for dead taps.
    public var capturesDeadTaps: Bool = false

    /// The time, in seconds, within which something visible must change after a tap for it not to be dead.
    /// Default 0.5; valid range `(0, 10]`. Measured on ``clock``; the check is settled by the first scan at
    /// or after it.
    public var deadTapInterval: TimeInterval = 0.5

    /// Creates the default configuration.
    public init() {}

    // MARK: - Internal

    /// Seconds between scans.
    var scanInterval: TimeInterval { 1 / scansPerSecond }

    /// A copy with every out-of-range value replaced by the nearest safe one, reporting each replacement.
    func validated(report: (TrackingDiagnostic) -> Void) -> TrackingConfiguration {
        var valid = self
        let defaults = TrackingConfiguration()
        func fix<Value>(_ name: String, _ keyPath: WritableKeyPath<TrackingConfiguration, Value>, to value: Value) {
            report(TrackingDiagnostic(
                code: .invalidConfiguration,
                message: "\(name) \(self[keyPath: keyPath]) is out of range; using \(value)"
            ))
            valid[keyPath: keyPath] = value
        }
        if !scansPerSecond.isFinite || scansPerSecond <= 0 {
            fix("scansPerSecond", \.scansPerSecond, to: defaults.scansPerSecond)
        } else if scansPerSecond > Self.maximumScansPerSecond {
            fix("scansPerSecond", \.scansPerSecond, to: Self.maximumScansPerSecond)
        }
        if minimumVisibleRatio.isNaN {
            fix("minimumVisibleRatio", \.minimumVisibleRatio, to: defaults.minimumVisibleRatio)
        } else if minimumVisibleRatio < 0 || minimumVisibleRatio > 1 {
            fix("minimumVisibleRatio", \.minimumVisibleRatio, to: min(max(minimumVisibleRatio, 0), 1))
        }
        if minimumVisibleDuration.isNaN {
            fix("minimumVisibleDuration", \.minimumVisibleDuration, to: defaults.minimumVisibleDuration)
        } else if minimumVisibleDuration < 0 || minimumVisibleDuration.isInfinite {
            // An infinite duration would silently disable impressions; treat it like any other bad value.
            fix("minimumVisibleDuration", \.minimumVisibleDuration,
                to: minimumVisibleDuration < 0 ? 0 : defaults.minimumVisibleDuration)
        }
        if minimumAlpha.isNaN {
            fix("minimumAlpha", \.minimumAlpha, to: defaults.minimumAlpha)
        } else if minimumAlpha < 0 || minimumAlpha > 1 {
            fix("minimumAlpha", \.minimumAlpha, to: min(max(minimumAlpha, 0), 1))
        }
        if maximumNameLength < 1 {
            fix("maximumNameLength", \.maximumNameLength, to: defaults.maximumNameLength)
        }
        if maximumPropertyValueLength < 0 {
            fix("maximumPropertyValueLength", \.maximumPropertyValueLength, to: defaults.maximumPropertyValueLength)
        }
        if maximumPropertyDepth < 1 || maximumPropertyDepth > RecordFormat.maximumValueDepth {
            fix("maximumPropertyDepth", \.maximumPropertyDepth, to: min(max(maximumPropertyDepth, 1), RecordFormat.maximumValueDepth))
        }
        if maximumPropertyCount < 0 {
            fix("maximumPropertyCount", \.maximumPropertyCount, to: defaults.maximumPropertyCount)
        }
        if sessionTimeout.isNaN || sessionTimeout < 0 {
            fix("sessionTimeout", \.sessionTimeout, to: defaults.sessionTimeout)
        }
        if maximumPropertiesByteCount < 2 {
            fix("maximumPropertiesByteCount", \.maximumPropertiesByteCount, to: defaults.maximumPropertiesByteCount)
        }
        if rageTapCount < 2 || rageTapCount > Self.maximumRageTapCount {
            fix("rageTapCount", \.rageTapCount, to: min(max(rageTapCount, 2), Self.maximumRageTapCount))
        }
        if !rageTapInterval.isFinite || rageTapInterval <= 0 {
            fix("rageTapInterval", \.rageTapInterval, to: defaults.rageTapInterval)
        } else if rageTapInterval > Self.maximumRageTapInterval {
            fix("rageTapInterval", \.rageTapInterval, to: Self.maximumRageTapInterval)
        }
        if !rageTapRadius.isFinite || rageTapRadius <= 0 {
            fix("rageTapRadius", \.rageTapRadius, to: rageTapRadius == .infinity ? Self.maximumRageTapRadius : defaults.rageTapRadius)
        } else if rageTapRadius > Self.maximumRageTapRadius {
            fix("rageTapRadius", \.rageTapRadius, to: Self.maximumRageTapRadius)
        }
        if !deadTapInterval.isFinite || deadTapInterval <= 0 {
            fix("deadTapInterval", \.deadTapInterval, to: defaults.deadTapInterval)
        } else if deadTapInterval > Self.maximumDeadTapInterval {
            fix("deadTapInterval", \.deadTapInterval, to: Self.maximumDeadTapInterval)
        }
        return valid
    }

    // MARK: - Private

    /// More scans than display refreshes cannot see anything new.
    private static let maximumScansPerSecond: Double = 60
    /// A burst longer than this is not a tap pattern anyone makes; the bound keeps the detector's memory small.
    private static let maximumRageTapCount = 100
    /// Taps a minute apart are not one burst of frustration.
    private static let maximumRageTapInterval: TimeInterval = 60
    /// Larger than any screen: the radius then leaves no tap out.
    private static let maximumRageTapRadius: Double = 10_000
    /// A reaction ten seconds after a tap is no longer its feedback.
    private static let maximumDeadTapInterval: TimeInterval = 10
}
