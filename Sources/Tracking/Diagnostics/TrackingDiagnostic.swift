import Foundation
#if canImport(os)
import os
#endif

/// A problem the tracker noticed and survived: bad input, a failing sink, a misconfiguration.
///
/// The tracker never crashes the host app over bad analytics input. It reports what it did instead (dropped
/// an event, truncated a name, skipped a property) through ``TrackingConfiguration/diagnosticHandler`` and
/// ``DeliveryConfiguration/diagnosticHandler``, which default to ``logToSystem``.
///
/// A diagnostic names *what* went wrong (its ``code``, and in ``message`` the setting, property key, counts,
/// HTTP status or error code involved), never the data involved: no property or trait value, user id,
/// element or screen identifier, file path, URL or write key. It can be logged whatever the person's
/// consent. Tests replace the handler to assert diagnostics:
///
/// ```swift
/// var configuration = TrackingConfiguration()
/// configuration.diagnosticHandler = { diagnostic in collected.append(diagnostic) }
/// ```
public struct TrackingDiagnostic: Hashable, Sendable, CustomStringConvertible {
    // MARK: - Public

    /// What kind of problem this is. String-backed so that later parts of the package can add codes.
    public struct Code: TrackingName {
        /// The code's stable name.
        public let rawValue: String

        /// Creates a code from its stable name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// An element type or screen name is empty or only whitespace; the event (or its screen context)
        /// was dropped.
        public static let emptyName = Code(rawValue: "empty_name")
        /// A name, identifier or property key was longer than
        /// ``TrackingConfiguration/maximumNameLength``; it was truncated.
        public static let nameTooLong = Code(rawValue: "name_too_long")
        /// A string property value was longer than ``TrackingConfiguration/maximumPropertyValueLength``;
        /// it was truncated.
        public static let propertyValueTooLong = Code(rawValue: "property_value_too_long")
        /// A property had an empty key, a NaN or infinite number, or a date that is not finite or not within
        /// years 0000 to 9999; the property was dropped (such a number inside an array or object became `null`,
        /// such a date was dropped from it).
        public static let invalidProperty = Code(rawValue: "invalid_property")
        /// A sink threw while receiving an event; the other sinks still received it.
        public static let sinkFailed = Code(rawValue: "sink_failed")
        /// A scan was requested while a scan or its delivery was in progress (for example by a sink); it was
        /// skipped.
        public static let reentrantScan = Code(rawValue: "reentrant_scan")
        /// Views have NaN or infinite geometry; they and their subtrees were treated as invisible. Reported
        /// when the number of such views changes.
        public static let invalidGeometry = Code(rawValue: "invalid_geometry")
        /// A configuration value was out of range; a safe value was used instead.
        public static let invalidConfiguration = Code(rawValue: "invalid_configuration")
        /// A tracker was started while another tracker of the same process was running; both scan the same
        /// windows, so every screen and impression is recorded once by each.
        public static let multipleTrackers = Code(rawValue: "multiple_trackers")
    }

    /// What kind of problem this is.
    public var code: Code
    /// A human-readable explanation of what went wrong: the setting, property key, counts, HTTP status or
    /// error code involved, never a value, a user id, an identifier, a path, a URL or the write key.
    public var message: String

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - code: What kind of problem this is.
    ///   - message: A human-readable explanation of what went wrong, without the data involved (see
    ///     ``message``).
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `[Tracking] code: message`.
    public var description: String { "[Tracking] \(code): \(message)" }

    /// Writes ``description`` and a newline to standard error (file descriptor 2), in one write.
    public static let logToStandardError: @Sendable (TrackingDiagnostic) -> Void = { diagnostic in
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }

    /// The default diagnostic handler.
    ///
    /// - On Apple platforms: the unified log (`os.Logger`, subsystem `Sightline`, category `Tracking`, level
    ///   error), shown in Console and Xcode and kept in a device's log archive. The ``code`` is logged public;
    ///   the ``message`` private, so a device's log shows it only while a debugger or a logging profile is
    ///   attached and `<private>` otherwise.
    /// - Elsewhere (Linux): ``logToStandardError``, the whole ``description``.
    public static let logToSystem: @Sendable (TrackingDiagnostic) -> Void = { diagnostic in
        #if canImport(os)
        systemLog.error("[Tracking] \(diagnostic.code.rawValue, privacy: .public): \(diagnostic.message, privacy: .private)")
        #else
        logToStandardError(diagnostic)
        #endif
    }

    #if canImport(os)
    private static let systemLog = Logger(subsystem: "Sightline", category: "Tracking")
    #endif
}
