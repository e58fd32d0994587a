import Foundation
import Tracking

/// The demo's command line:
/// `swift run Demo [--report <path.html>] [--destination segment|posthog|amplitude|mixpanel]
/// [--endpoint <http(s)://host:port[/path]> [--write-key <key>]] [--overlay] [--exposure]`.
struct DemoArguments {
    // MARK: - Internal

    /// The write key the demo uses when none is given.
    static let defaultWriteKey = "sightline-demo"

    /// Where the HTML report goes.
    var reportURL: URL
    /// The collector to deliver to, or `nil` to start a loopback collector on 127.0.0.1.
    var endpoint: TrackingEndpoint?
    /// The source's write key (Segment's Basic auth user name) or the vendor's project key or token.
    var writeKey: String
    /// The backend's format; the loopback collector plays that vendor.
    var destination: DeliveryDestination = .segment
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
        var endpointHasPath = false
        while let argument = remaining.popFirst() {
            switch argument {
            case "--destination":
                guard let name = remaining.popFirst(), let destination = DeliveryDestination(name: name) else {
                    return .failure(UsageError(message: "--destination needs one of segment, posthog, amplitude, mixpanel"))
                }
                parsed.destination = destination
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
                endpointHasPath = !(url.path.isEmpty || url.path == "/")
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
        if !endpointHasPath {
            // A bare host takes the destination's documented path, not Segment's.
            parsed.endpoint?.path = parsed.destination.defaultEndpoint.path
        }
        return .success(parsed)
    }

    /// A bad command line, or a request for help.
    struct UsageError: Error {
        var message: String?
        static let usage = """
            usage: swift run Demo [--report <path.html>] [--destination <name>] [--endpoint <url>] [--write-key <key>]
                                  [--overlay] [--exposure]
              --report <path.html>  where the HTML report goes (default: sightline-demo-report.html in the temporary directory)
              --destination <name>  segment (default), posthog, amplitude or mixpanel: the request format
              --endpoint <url>      deliver to this collector, such as http://127.0.0.1:8080 (the path defaults to the
                                    destination's: /v1/batch, /batch/, /2/httpapi, /track); without it the demo starts
                                    its own collector on 127.0.0.1, which answers as that vendor does
              --write-key <key>     Segment's write key, or the vendor's project key or token (default: \(DemoArguments.defaultWriteKey))
              --overlay             turn on the tracker's debug overlay; the report pictures it beside each scan
              --exposure            report each impressed element's time on screen (Element Exposure); the report
                                    charts the time on each post, with the feed's scroll depth
            """
    }
}
