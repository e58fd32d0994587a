/// A sink that writes one line per event, such as
/// `[Tracking] impression spark_button#42 on my_profile ratio=0.75`.
///
/// By default the line goes to standard output with `print`; pass `write` to route it to your logger. A line
/// carries what the event carries (user ids, traits, property values, identifiers), so log it as private: the
/// unified log then shows it in full for a process Xcode launched (or where a logging profile allows it), and
/// redacted in logs collected from other people's devices:
///
/// ```swift
/// let logger = Logger(subsystem: "com.example.app", category: "tracking")
/// LoggingTrackingSink { line in logger.debug("\(line, privacy: .private)") }
/// ```
public struct LoggingTrackingSink: TrackingSink {
    // MARK: - Public

    /// Creates a logging sink.
    /// - Parameters:
    ///   - prefix: Written before each event's description. Default `[Tracking]`.
    ///   - write: Receives each line. Default: `print`.
    public init(prefix: String = "[Tracking]", write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.prefix = prefix
        self.write = write
    }

    /// Writes the event's ``TrackingEvent/description`` after the prefix.
    public nonisolated func receive(_ event: TrackingEvent) {
        write(prefix.isEmpty ? event.description : "\(prefix) \(event.description)")
    }

    // MARK: - Private

    private let prefix: String
    private let write: @Sendable (String) -> Void
}
