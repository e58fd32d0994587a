import Foundation
import Tracking

/// The demo's command line:
/// `swift run Demo [--report <path.html>] [--endpoint <http(s)://host:port[/path]> [--write-key <key>]] [--overlay] [--exposure]`.
struct DemoArguments {
    // MARK: - Internal

    /// The write key the demo uses when none is given.
    static let defaultWriteKey = "sightline-demo"

    /// Where the HTML report goes.
    var reportURL: URL
    /// The collector to deliver to, or `nil` to start a loopback collector on 127.0.0.1.
    var endpoint: TrackingEndpoint?
    /// The source's write key, sent as the Basic auth user name.
    var writeKey: String
    /// Whether the tracker shows its debug overlay (and the report pictures it).
    var showsOverlay = false
    /// Whether the tracker reports each impressed element's exposure (`Element Exposure`).
    var reportsExposure = false

    /// Parses `arguments` (without the program name).
    /// - Returns: The arguments, or a ``UsageError`` with a message for anything it does not understand
    ///   (without one for `--help`).
    static func parse(_ arguments: [String]) -> Result<DemoArguments, UsageError> {
        var parsed = DemoArguments(
            reportURL: FileManager.default.temporaryDirectory.appendingPathComponent("sightline-demo-report.html"),
            endpoint: nil,
            writeKey: defaultWriteKey
        )
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--report":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    return .failure(UsageError(message: "--report needs a file path"))
                }
                parsed.reportURL = URL(fileURLWithPath: path)
            case "--endpoint":
                guard let text = remaining.popFirst(), !text.isEmpty else {
                    return .failure(UsageError(message: "--endpoint needs a URL such as http://127.0.0.1:8080"))
                }
                guard let url = URL(string: text), let endpoint = TrackingEndpoint(url: url), endpoint.url != nil else {
                    return .failure(UsageError(message: "--endpoint \(text) is not an http or https URL with a host "
                        + "(and no query, fragment or credentials), such as http://127.0.0.1:8080"))
                }
                parsed.endpoint = endpoint
            case "--write-key":
                guard let key = remaining.popFirst(), !key.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return .failure(UsageError(message: "--write-key needs a key"))
                }
                parsed.writeKey = key
            case "--overlay":
                parsed.showsOverlay = true
            case "--exposure":
                parsed.reportsExposure = true
            case "-h", "--help":
                return .failure(UsageError(message: nil))
            default:
                return .failure(UsageError(message: "unknown argument \(argument)"))
            }
        }
        return .success(parsed)
    }

    /// A bad command line, or a request for help.
    struct UsageError: Error {
        var message: String?
        static let usage = """
            usage: swift run Demo [--report <path.html>] [--endpoint <url>] [--write-key <key>] [--overlay] [--exposure]
              --report <path.html>  where the HTML report goes (default: sightline-demo-report.html in the temporary directory)
              --endpoint <url>      deliver to this Segment-compatible collector, such as http://127.0.0.1:8080
                                    (the path defaults to /v1/batch); without it the demo starts its own collector
                                    on 127.0.0.1
              --write-key <key>     the source's write key, sent with Basic auth (default: \(DemoArguments.defaultWriteKey))
              --overlay             turn on the tracker's debug overlay; the report pictures it beside each scan
              --exposure            report each impressed element's time on screen (Element Exposure); the report
                                    charts the time on each post, with the feed's scroll depth
            """
    }
}
