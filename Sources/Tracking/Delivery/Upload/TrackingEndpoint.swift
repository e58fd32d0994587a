#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where batches are posted: a collector that speaks the Segment HTTP Tracking API, built from typed parts.
///
/// The URL is assembled by `URLComponents` from ``scheme``, ``host``, ``port`` and ``path``, never by
/// concatenating strings, so a host with a stray slash or a path without one cannot produce a different
/// URL than intended. Segment (US and EU), a RudderStack data plane and a self-hosted collector are one
/// value away:
///
/// ```swift
/// let us = TrackingEndpoint.segmentUS                                   // https://api.segment.io/v1/batch
/// let eu = TrackingEndpoint.segmentEU                                   // https://events.eu1.segmentapis.com/v1/batch
/// let rudder = TrackingEndpoint.rudderStack(dataPlaneHost: "acme.dataplane.rudderstack.com")
/// let own = TrackingEndpoint(scheme: .http, host: "127.0.0.1", port: 8080)
/// let lan = TrackingEndpoint(scheme: .http, host: "collector.lan", allowsCleartextHTTP: true)
/// ```
///
/// Plain `http` sends the write key and every event readable by anyone on the path, so it is accepted only
/// for loopback hosts (`localhost`, `127.0.0.0/8`, `::1`) and for an endpoint whose
/// ``allowsCleartextHTTP`` is set; a ``DeliverySink`` refuses any other `http` endpoint with a
/// ``TrackingDiagnostic/Code/invalidEndpoint`` diagnostic and uploads nothing.
public struct TrackingEndpoint: Hashable, Sendable, CustomStringConvertible {
    // MARK: - Public

    /// The URL scheme.
    public enum Scheme: String, Hashable, Sendable {
        /// TLS; use it for anything that leaves the device.
        case https
        /// Plain HTTP: accepted for loopback hosts, and for others only with ``TrackingEndpoint/allowsCleartextHTTP``
        /// (App Transport Security must allow it on iOS too).
        case http
    }

    /// The path of the Segment HTTP Tracking API's batch method, which RudderStack and most self-hosted
    /// collectors also serve.
    public static let batchPath = "/v1/batch"

    /// The scheme.
    public var scheme: Scheme
    /// The host name or IP address, without scheme, port or path.
    public var host: String
    /// The port, or `nil` for the scheme's default.
    public var port: Int?
    /// The path, starting with `/`.
    public var path: String
    /// Whether plain ``Scheme/http`` may be used for this host although it is not a loopback host: the
    /// app's explicit opt-in to sending the write key and events unencrypted (a collector on a trusted
    /// network). Default `false`. Loopback hosts never need it; `https` ignores it.
    public var allowsCleartextHTTP: Bool

    /// Creates an endpoint from its parts.
    /// - Parameters:
    ///   - scheme: The scheme (default `https`).
    ///   - host: The host name or IP address.
    ///   - port: The port, or `nil` (the default) for the scheme's default.
    ///   - path: The path (default ``batchPath``); a missing leading `/` is added.
    ///   - allowsCleartextHTTP: Accept ``Scheme/http`` for a host that is not a loopback host (default `false`).
    public init(scheme: Scheme = .https, host: String, port: Int? = nil, path: String = TrackingEndpoint.batchPath,
                allowsCleartextHTTP: Bool = false) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.allowsCleartextHTTP = allowsCleartextHTTP
    }

    /// Segment, US region: `https://api.segment.io/v1/batch`.
    public static let segmentUS = TrackingEndpoint(host: "api.segment.io")

    /// Segment, EU region (workspaces created in the EU): `https://events.eu1.segmentapis.com/v1/batch`.
    public static let segmentEU = TrackingEndpoint(host: "events.eu1.segmentapis.com")

    /// A RudderStack data plane: `https://<dataPlaneHost>/v1/batch`.
    /// - Parameter dataPlaneHost: The data plane's host, as shown in the RudderStack dashboard, without
    ///   scheme or path (for example `acme.dataplane.rudderstack.com`).
    public static func rudderStack(dataPlaneHost: String) -> TrackingEndpoint {
        TrackingEndpoint(host: dataPlaneHost)
    }

    /// Reads an endpoint from a URL such as `http://127.0.0.1:8080` (for command lines and settings);
    /// an empty path becomes ``batchPath``.
    /// - Parameter url: An absolute `http` or `https` URL with a host.
    /// - Returns: `nil` when the scheme is not `http` or `https`, the host is missing, or the URL has a
    ///   query, fragment or credentials (the write key travels in the `Authorization` header).
    public init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme.flatMap({ Scheme(rawValue: $0.lowercased()) }),
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { return nil }
        let path = components.path.isEmpty || components.path == "/" ? Self.batchPath : components.path
        self.init(scheme: scheme, host: host, port: components.port, path: path)
    }

    /// The URL requests go to, or `nil` when the parts do not form a valid URL (an empty host, a port
    /// outside 1…65535).
    public var url: URL? {
        guard !host.isEmpty, port.map({ (1...65_535).contains($0) }) ?? true else { return nil }
        var components = URLComponents()
        components.scheme = scheme.rawValue
        components.host = host
        components.port = port
        components.path = path
        return components.url
    }

    /// Whether requests would travel in cleartext to a host the app did not opt in: ``Scheme/http`` to a
    /// host that is not `localhost`, in `127.0.0.0/8` or `::1`, without ``allowsCleartextHTTP``.
    var refusesCleartext: Bool {
        scheme == .http && !allowsCleartextHTTP && !Self.isLoopback(host)
    }

    /// The URL as a string, or the parts when they are invalid.
    public var description: String {
        url?.absoluteString ?? "invalid endpoint (\(scheme.rawValue), \(host), \(port.map(String.init) ?? "-"), \(path))"
    }

    // MARK: - Private

    private static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { $0[0] } == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
    }
}
